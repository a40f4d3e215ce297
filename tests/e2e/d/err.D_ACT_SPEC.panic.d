/* ASSERTION: panic( ) after speculate( ) is D_ACT_SPEC. */
#pragma D option destructive

BEGIN
{
	speculate(1);
	panic();
}
