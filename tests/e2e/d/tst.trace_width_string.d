/* ASSERTION: trace() of a string: two blanks and %-33s; a longer string is printed whole. */

BEGIN
{
	trace("abc");
	trace("0123456789012345678901234567890123456789");
	trace(1);
	exit(0);
}
