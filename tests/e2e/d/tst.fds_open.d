/*
 * ASSERTION: fds[fd] translates the current process's open file fd: its
 * path, name, directory, mount point, access mode and offset; a file
 * descriptor that is not open (or out of range) is "<none>" and 0.
 */
#pragma D option quiet

syscall::openat:return
/pid == $target && arg1 >= 0 && fds[arg1].fi_name == "null"/
{
	printf("%s %s %s %s %d %d\n", fds[arg1].fi_pathname, fds[arg1].fi_name,
	    fds[arg1].fi_dirname, fds[arg1].fi_mount, fds[arg1].fi_oflags & O_ACCMODE,
	    fds[arg1].fi_offset);
	printf("%s %s %d %s\n", fds[1000000].fi_pathname, fds[-1].fi_name,
	    fds[1000000].fi_oflags, fds[1000000].fi_fs);
}
