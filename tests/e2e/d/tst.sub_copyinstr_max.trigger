openat 1
