/*
 * ASSERTION: an unformatted string key prints as text only when it is
 * printable up to its NUL and not empty; an empty key or one with another
 * byte prints as a hex dump of strsize + 1 bytes.
 */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	@k[""] = count();
	@k["a\001b"] = count();
	@k["tab\there"] = count();
	exit(0);
}
