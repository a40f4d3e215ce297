/*
 * ASSERTION: under -x cpu=N, profile-N probes fire on CPU N only (their
 * perf events are made there, as dtrace creates them on that CPU). The
 * run ends from the profile probe itself, so nothing else fires there.
 */
#pragma D option quiet
#pragma D option cpu=1

profile-97
{
	@s[cpu] = count();
	n++;
}

profile-97
/n >= 10/
{
	printa("%d\n", @s);
	exit(0);
}
