/* ASSERTION: calling a variable is a kind mismatch, not an unknown function (d-language 4.2). */
BEGIN
{
	x = 1;
	x();
}
