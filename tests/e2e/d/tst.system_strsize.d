/* ASSERTION: system( ) formats its command into a buffer of strsize bytes: a longer command is cut to strsize - 1 characters. */
#pragma D option quiet
#pragma D option destructive
#pragma D option strsize=16

BEGIN
{
	system("echo %s", "0123456789abcdefghij");
	exit(0);
}
