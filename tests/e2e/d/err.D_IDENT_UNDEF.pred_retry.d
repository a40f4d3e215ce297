/*
 * ASSERTION: when the actions name an unknown variable, the predicate is
 * checked first: an unknown name in it is the error reported.
 */
BEGIN
/nosuch == 0/
{
	trace(alsonot);
}
