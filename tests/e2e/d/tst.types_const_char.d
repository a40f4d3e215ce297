/* ASSERTION: a character constant is an int, its bytes packed most significant first and never sign-extended. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", sizeof('a'), 'a', 'ab');
	printf("%d %d %d\n", '\377', '\377' > 0, '\0');
	printf("%d %d\n", '\n', '\\');
	printf("%d %d\n", sizeof('abcde'), 'abcde');
	exit(0);
}
