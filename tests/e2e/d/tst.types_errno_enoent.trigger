openat 3
