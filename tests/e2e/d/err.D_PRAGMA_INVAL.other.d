/* ASSERTION: an unknown D pragma. */
#pragma D frobnicate
BEGIN
{
	exit(0);
}
