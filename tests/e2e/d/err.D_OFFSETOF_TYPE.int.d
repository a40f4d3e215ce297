/* ASSERTION: offsetof of a type that is not a struct or union. */
BEGIN
{
	trace(offsetof(int, x));
}
