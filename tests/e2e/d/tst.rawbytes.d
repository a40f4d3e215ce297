/*
 * ASSERTION: under rawbytes every trace() record is a hex dump (as in
 * dtrace-utils): an integer shows its type's bytes little-endian (char 1,
 * short 2, int 4, long 8), a string strsize + 1 bytes, zeroes after its
 * text; printf is not affected.
 */
#pragma D option quiet
#pragma D option rawbytes
#pragma D option strsize=15

BEGIN
{
	trace((char)-1);
	trace((short)0x1234);
	trace(0x01020304);
	trace(-2L);
	trace("abc");
	printf("%d %s\n", 7, "xy");
	exit(0);
}
