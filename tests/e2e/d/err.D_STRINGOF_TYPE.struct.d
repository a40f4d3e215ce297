/* ASSERTION: stringof of a struct value. */
BEGIN
{
	trace(stringof(curthread->se));
}
