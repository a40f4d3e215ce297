/* ASSERTION: setopt() takes one or two arguments. */
BEGIN
{
	setopt("a", "b", "c");
}
