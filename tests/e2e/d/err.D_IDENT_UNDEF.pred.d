/* ASSERTION: an unknown name in a predicate. */
BEGIN
/nosuch == 1/
{
}
