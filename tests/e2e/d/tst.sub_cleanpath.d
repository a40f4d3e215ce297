/* ASSERTION: cleanpath() removes "//", "/./" and "name/.."; "" stays "", one character is unchanged, "/.." is "/", a relative path keeps its excess ".." in front, a path that cleans away is ".". */
#pragma D option quiet

BEGIN
{
	printf("[%s][%s][%s][%s]\n", cleanpath(""), cleanpath("/"), cleanpath("x"), cleanpath("."));
	printf("[%s][%s][%s]\n", cleanpath("/usr//lib/./libc.so"), cleanpath("/usr/lib/../bin/sh"),
	    cleanpath("/a/b/c/../../d"));
	printf("[%s][%s][%s]\n", cleanpath("/.."), cleanpath("/../../etc"), cleanpath("../a/../../b"));
	printf("[%s][%s][%s]\n", cleanpath("a/.."), cleanpath("a/b/../.."), cleanpath("/a/.."));
	exit(0);
}
