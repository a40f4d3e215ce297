/* ASSERTION: a variable redeclared with another type. */
int x;
string x;

BEGIN
{
	exit(0);
}
