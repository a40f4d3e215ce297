/* ASSERTION: depends_on a provider spectrace does not have. */
#pragma D depends_on provider nosuchprov
BEGIN
{
	exit(0);
}
