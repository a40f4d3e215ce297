/* ASSERTION: trace() of a character constant is an int's: 11 columns. */

BEGIN
{
	trace('a');
	trace('\377');
	exit(0);
}
