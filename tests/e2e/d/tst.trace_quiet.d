/* ASSERTION: under quiet, trace() prints the value without blanks or width: %d %ld %lu %hd %hhd. */
#pragma D option quiet

BEGIN
{
	trace(-1); printf("|");
	trace(-1L); printf("|");
	trace(0xffffffffffffffffULL); printf("|");
	trace((short)-3); printf("|");
	trace((char)-1); printf("|");
	trace((unsigned char)255); printf("|");
	trace(0xffffffff); printf("|");
	trace("s"); printf("\n");
	exit(0);
}
