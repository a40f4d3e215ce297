/* ASSERTION: several trace() calls of one clause are on one line, each in its own width. */

BEGIN
{
	trace((char)1);
	trace((short)2);
	trace(3);
	trace(4L);
	trace(5ul);
	trace("six");
}

BEGIN
{
	exit(0);
}
