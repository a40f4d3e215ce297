/*
 * ASSERTION: inline definitions: a constant inline has the constant's own
 * type (inline char C = 300 is int 300, four bytes), works where a constant
 * is needed, and others are evaluated at each use as the declared type.
 */
#pragma D option quiet

inline int TWELVE = 3 * 4;
inline char C = 300;
inline int STEP = TWELVE / 4;
inline string WHO = execname;
inline uint8_t LOW = pid + 256 - pid;

BEGIN
/0/
{
	@q = lquantize(5, 0, TWELVE, STEP);
}

BEGIN
{
	printf("%d %d %d %d\n", TWELVE, C, sizeof(C), STEP);
	printf("%s %d\n", WHO == execname ? "same" : "other", LOW);
	exit(0);
}
