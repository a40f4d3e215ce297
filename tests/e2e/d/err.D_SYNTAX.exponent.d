/* ASSERTION: 1e3 is a floating-point constant, which D does not permit (d-language 1.1). */
BEGIN
{
	trace(1e3);
}
