/* ASSERTION: a main program may not depend on a library. */
#pragma D depends_on library x.d
BEGIN
{
	exit(0);
}
