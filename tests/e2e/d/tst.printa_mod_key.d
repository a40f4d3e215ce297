/*
 * ASSERTION: a mod() key in a printa() format prints as its module's name
 * whatever the conversion, with the conversion's width and flags.
 */
#pragma D option quiet

BEGIN
{
	@m[mod((uint64_t)curthread->sched_class)] = count();
	printa("%d|%@d\n", @m);
	printa("[%-10x]|%@d\n", @m);
	exit(0);
}
