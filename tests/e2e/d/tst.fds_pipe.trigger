pipe_write 1
