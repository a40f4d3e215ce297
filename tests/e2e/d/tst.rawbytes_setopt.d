/*
 * ASSERTION: rawbytes is a dynamic option: setopt() turns it on for the
 * records consumed after its own, and a string key of an aggregation
 * printed without a format is then a hex dump too (strsize + 1 bytes),
 * the value after it.
 */
#pragma D option quiet
#pragma D option strsize=15

BEGIN
{
	trace(5);
	@a["k"] = count();
	setopt("rawbytes");
	trace(6);
	exit(0);
}
