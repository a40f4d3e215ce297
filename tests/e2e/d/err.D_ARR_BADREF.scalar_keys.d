/* ASSERTION: a scalar indexed with a list of keys is not an associative array (d-language 3.11). */
BEGIN
{
	s = "abc";
	trace(s[1, 2]);
}
