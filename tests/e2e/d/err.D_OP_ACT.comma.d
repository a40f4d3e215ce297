/* ASSERTION: the comma operator's operands cannot be actions. */
BEGIN
{
	(trace(1), 2);
}
