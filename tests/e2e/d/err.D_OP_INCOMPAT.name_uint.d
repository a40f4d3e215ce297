/* ASSERTION: a constant with a u suffix is an unsigned int. */
BEGIN
{
	x = 1U;
	x = "s";
}
