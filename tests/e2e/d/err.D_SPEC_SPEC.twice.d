/* ASSERTION: only one speculate( ) per clause. */
BEGIN
{
	speculate(1);
	speculate(2);
}
