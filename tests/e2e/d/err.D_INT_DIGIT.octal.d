/* ASSERTION: a leading 0 makes a constant octal: 08 is "constant 08 contains invalid digit 8" (d-language 1.2). */
BEGIN
{
	trace(08);
}
