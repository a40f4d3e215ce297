/* ASSERTION: chill() after speculate() is a D_ACT_SPEC error before anything else. */
#pragma D option destructive
BEGIN
{
	speculate(speculation());
	chill(10);
}
