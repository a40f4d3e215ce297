/* ASSERTION: tuple keys print one after the other, each in its size's format, strings in "  %-50s". */
#pragma D option quiet

BEGIN
{
	@t["k", (char)1, (short)2, 3, 4L] = count();
	exit(0);
}
