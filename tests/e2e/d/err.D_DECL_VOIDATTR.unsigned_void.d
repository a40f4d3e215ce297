/* ASSERTION: void takes no attributes (d-language: attributes on void are D_DECL_VOIDATTR). */
unsigned void *p;

BEGIN
{
	exit(0);
}
