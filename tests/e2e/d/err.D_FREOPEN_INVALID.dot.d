/* ASSERTION: freopen(".") is refused. */
#pragma D option destructive
BEGIN
{
	freopen(".");
}
