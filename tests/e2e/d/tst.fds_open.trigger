open_devnull 1
