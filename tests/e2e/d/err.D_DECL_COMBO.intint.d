/* ASSERTION: two base types in one declaration. */
int int x;

BEGIN
{
	exit(0);
}
