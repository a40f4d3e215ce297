/* ASSERTION: NULL is dtrace's inline long NULL = 0: trace() prints it as a long. */

BEGIN
{
	trace(NULL);
	trace(sizeof(NULL));
	exit(0);
}
