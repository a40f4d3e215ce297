/*
 * ASSERTION: under -x cpu=N, profile-N probes fire on CPU N only (their
 * perf events are made there, as dtrace creates them on that CPU).
 */
#pragma D option quiet
#pragma D option cpu=1

profile-997
{
	@s[cpu] = count();
}

tick-300ms
{
	printa("%d\n", @s);
	exit(0);
}
