/* ASSERTION: speculate( ) comes before any data-recording action. */
BEGIN
{
	trace(1);
	speculate(1);
}
