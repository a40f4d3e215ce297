/* ASSERTION: a ] with no [ open is "extra ] in input stream" (d-language 5.4, D_SYNTAX). */
BEGIN
{
	a[1]] = 1;
}
