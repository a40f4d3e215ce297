/* ASSERTION: sizeof a string literal is its length + 1, even past strsize; of any other string, strsize. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", sizeof("abc"), sizeof(""), sizeof "hello");
	s = "x";
	printf("%d %d %d\n", sizeof(execname), sizeof(s), sizeof(string));
	printf("%d\n", sizeof("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"));
	exit(0);
}
