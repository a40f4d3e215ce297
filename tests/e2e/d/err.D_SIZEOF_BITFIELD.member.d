/* ASSERTION: sizeof a bit-field member is refused; the other members have sizes. */
struct flags {
	int a : 3;
	int b;
};

struct flags f;

BEGIN
{
	trace(sizeof(f.b));
	trace(sizeof(f.a));
}
