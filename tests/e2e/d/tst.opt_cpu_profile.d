/*
 * ASSERTION: under -x cpu=N, profile-N probes fire on CPU N only (their
 * perf events are made there, as dtrace creates them on that CPU). The
 * trigger keeps CPU 1 busy (an idle CPU may not be sampled) and ends the
 * run when it exits.
 */
#pragma D option quiet
#pragma D option cpu=1

profile-997
{
	@s[cpu] = count();
}

END
{
	printa("%d\n", @s);
}
