/* ASSERTION: dtrace-utils treats a string like a char pointer in + and -: "abc" + 1 is "bc". */
#pragma D option quiet

BEGIN
{
	printf("%s %s %s\n", "abcdef" + 2, 1 + "xyz", ("abc" + 2) - 1);
	s = "hello";
	printf("%s %d\n", s + 1, strlen(s + 4));
	exit(0);
}
