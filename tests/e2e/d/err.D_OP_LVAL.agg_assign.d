/* ASSERTION: an aggregation assignment is no lvalue, whatever its right side. */
BEGIN
{
	(@a = count()) = count();
}
