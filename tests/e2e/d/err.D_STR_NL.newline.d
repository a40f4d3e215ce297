/* ASSERTION: a raw newline inside a string literal. */
BEGIN
{
	x = "ab
cd";
}
