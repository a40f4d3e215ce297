/*
 * ASSERTION: a pipe's path is named as the kernel names it,
 * "pipe:[inode]", on the pipefs filesystem; d_path() of the file's
 * f_path gives the same.
 */
#pragma D option quiet

syscall::write:entry
/pid == $target/
{
	printf("%s %s %s %d\n", substr(fds[arg0].fi_pathname, 0, 6), fds[arg0].fi_fs,
	    fds[arg0].fi_name, d_path(&curthread->files->fdt->fd[arg0]->f_path) ==
	    fds[arg0].fi_pathname);
}
