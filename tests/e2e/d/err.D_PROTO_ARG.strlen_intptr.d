/* ASSERTION: strlen() of a pointer other than a char pointer is refused, the argument's type named. */
BEGIN
{
	trace(strlen((int *)0));
}
