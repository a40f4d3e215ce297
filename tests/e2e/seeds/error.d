BEGIN { *(char *)NULL; } ERROR { printf("Hit an error!"); }
