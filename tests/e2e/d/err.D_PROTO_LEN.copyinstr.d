/* ASSERTION: copyinstr() takes one or two arguments. */
BEGIN
{
	trace(copyinstr(0, 1, 2));
}
