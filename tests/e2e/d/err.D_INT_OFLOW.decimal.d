/* ASSERTION: a decimal constant above LONG_MAX fits no candidate type (it needs a u). */
BEGIN
{
	trace(9223372036854775808);
}
