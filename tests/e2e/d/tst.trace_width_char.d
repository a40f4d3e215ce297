/* ASSERTION: trace() of an 8-bit integer: " %3hhd" or " %3hhu", 4 columns; (char)-1 is -1. */

BEGIN
{
	trace((char)-1);
	trace((char)127);
	trace((unsigned char)255);
	trace((uint8_t)-1);
	trace((int8_t)-128);
	exit(0);
}
