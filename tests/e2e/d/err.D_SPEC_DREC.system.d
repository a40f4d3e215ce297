/* ASSERTION: system( ) is data-recording for D's rules: speculate( ) may not follow it. */
#pragma D option destructive

BEGIN
{
	system("echo x");
	speculate(1);
}
