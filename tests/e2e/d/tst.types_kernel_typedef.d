/*
 * ASSERTION: the kernel's typedefs are type names where a type may be: a
 * declaration at the top (u64 total;), a cast, sizeof, a struct member.
 * A word in parentheses that no typedef names stays an expression.
 */
#pragma D option quiet

u64 total;

struct rec {
	u32 count;
	umode_t mode;
};

BEGIN
{
	total = 5;
	x = 2;
	printf("%d %d %d\n", sizeof(total), (umode_t)70000, (s8)200);
	printf("%d %d %d\n", sizeof(gfp_t), sizeof(struct rec), (x) * 3);
	exit(0);
}
