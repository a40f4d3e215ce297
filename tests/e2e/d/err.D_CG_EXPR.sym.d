/* ASSERTION: sym() is an action, not a value of an expression. */
BEGIN
{
	x = sym(0);
}
