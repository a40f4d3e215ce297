/* ASSERTION: after "#line 40" the next line is line 40, in error messages too. */
#line 40
BEGIN
{
	x = ;
}
