/* ASSERTION: #pragma D option with blanks around =. */
#pragma D option quiet = 1
BEGIN
{
	exit(0);
}
