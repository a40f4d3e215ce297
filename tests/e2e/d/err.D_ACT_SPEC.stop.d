/* ASSERTION: stop( ) may not follow speculate( ). */
#pragma D option destructive

BEGIN
{
	speculate(1);
	stop();
}
