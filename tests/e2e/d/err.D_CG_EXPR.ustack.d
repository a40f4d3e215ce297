/* ASSERTION: ustack() is an action, not a value of an expression. */
BEGIN
{
	x = 1 + ustack();
}
