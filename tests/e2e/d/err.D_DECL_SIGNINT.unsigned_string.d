/* ASSERTION: signed and unsigned go with integers only (d-language: `signed` on non-integers is D_DECL_SIGNINT). */
unsigned string s;

BEGIN
{
	exit(0);
}
