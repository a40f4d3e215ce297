/* ASSERTION: a member the struct does not have. */
BEGIN
{
	trace(curthread->no_such_member);
}
