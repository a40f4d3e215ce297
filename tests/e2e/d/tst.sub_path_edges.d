/* ASSERTION: basename() and dirname() as dtrace-utils: "" is ".", all slashes "/", trailing slashes ignored. */
#pragma D option quiet

BEGIN
{
	printf("[%s][%s][%s][%s]\n", basename("/usr/lib/"), basename(""), basename("///"),
	    basename("a/b/"));
	printf("[%s][%s][%s][%s][%s]\n", dirname("/a"), dirname("a//b//"), dirname("a"),
	    dirname(""), dirname("a/b//c"));
	exit(0);
}
