/* ASSERTION: a struct defined twice. */
struct s { int a; };
struct s { long b; };

BEGIN
{
	exit(0);
}
