/* ASSERTION: trace() of a 16-bit integer: " %5hd" or " %5hu", 6 columns. */

BEGIN
{
	trace((short)-1);
	trace((short)32767);
	trace((unsigned short)65535);
	trace((int16_t)-32768);
	exit(0);
}
