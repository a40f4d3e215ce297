/* ASSERTION: a 1-byte aggregation key prints " %3d" zero-extended: (char)-1 is 255. */
#pragma D option quiet

BEGIN
{
	@a[(char)-1] = count();
	@a[(char)7] = count();
	@a[(char)7] = count();
	exit(0);
}
