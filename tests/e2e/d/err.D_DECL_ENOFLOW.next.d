/* ASSERTION: counting on from INT_MAX overflows. */
enum e { A = 0x7fffffff, B };

BEGIN
{
	exit(0);
}
