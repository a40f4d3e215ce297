/* ASSERTION: an empty system( ) format is an error. */
#pragma D option destructive

BEGIN
{
	system("");
}
