/* ASSERTION: a destructive action may not be speculative. */
#pragma D option destructive

BEGIN
{
	speculate(speculation());
	raise(SIGUSR1);
}
