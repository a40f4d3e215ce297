/* ASSERTION: a declaration without a name declares nothing. */
int;

BEGIN
{
}
