/* ASSERTION: without -C, // is not a comment: its first / is the predicate's end, a syntax error in a body (d-language 1.1). */
BEGIN
{
	// a C++ comment
	exit(0);
}
