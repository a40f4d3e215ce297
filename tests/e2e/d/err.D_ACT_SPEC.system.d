/* ASSERTION: system( ) may not be speculative either. */
#pragma D option destructive

BEGIN
{
	speculate(1);
	system("echo %d", 1);
}
