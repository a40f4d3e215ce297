openat 2
