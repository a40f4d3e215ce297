/* ASSERTION: long goes with integers and floating-point types only (d-language: `long` on non-numeric types is D_DECL_LONGINT). */
struct s {
	int a;
};
long struct s *p;

BEGIN
{
	exit(0);
}
