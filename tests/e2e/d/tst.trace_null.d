/* ASSERTION: NULL is dtrace's hard-wired inline long NULL = 0, a constant inline: an int 0 in expressions (trace() width of an int, sizeof 4). */

BEGIN
{
	trace(NULL);
	trace(sizeof(NULL));
	exit(0);
}
