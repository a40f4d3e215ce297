/*
 * ASSERTION: cwd and root are the current process's working and root
 * directories (spectrace's in BEGIN, run from the corpus directory
 * tests/e2e/d); d_path() of the fs_struct's paths gives the same.
 */
#pragma D option quiet

BEGIN
{
	printf("%s %s %s %d %d\n", basename(cwd), basename(dirname(cwd)), root,
	    cwd == d_path(&curthread->fs->pwd), substr(cwd, 0, 1) == "/");
	exit(0);
}
