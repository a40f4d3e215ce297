/* ASSERTION: strtok() takes two arguments. */
BEGIN
{
	trace(strtok("a b"));
}
