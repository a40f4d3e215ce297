/* ASSERTION: a destructive action may not follow commit( ) (dtrace-utils). */
#pragma D option destructive

BEGIN
{
	commit(1);
	raise(SIGUSR1);
}
