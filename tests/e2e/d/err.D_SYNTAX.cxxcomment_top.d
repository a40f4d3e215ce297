/* ASSERTION: without -C, a // line outside a clause is a syntax error at its first / (d-language 1.1). */
// a C++ comment
BEGIN
{
	exit(0);
}
