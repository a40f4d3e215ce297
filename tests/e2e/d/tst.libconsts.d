/* ASSERTION: D's library constants: the DTRACEFLT_* fault codes, errno and signal names. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d %d %d %d %d\n", DTRACEFLT_UNKNOWN, DTRACEFLT_BADADDR,
	    DTRACEFLT_BADALIGN, DTRACEFLT_ILLOP, DTRACEFLT_DIVZERO, DTRACEFLT_NOSCRATCH,
	    DTRACEFLT_KPRIV, DTRACEFLT_UPRIV, DTRACEFLT_TUPOFLOW, DTRACEFLT_BADSTACK);
	printf("%d %d %d %d %d %d\n", EPERM, ENOENT, EINVAL, EAGAIN == EWOULDBLOCK, ETIMEDOUT,
	    ECONNREFUSED);
	printf("%d %d %d\n", SIGKILL, SIGUSR1, SIGCHLD == SIGCLD);
	exit(0);
}
