/* ASSERTION: index/rindex/strchr edge cases as dtrace-utils gives them: an empty needle matches at start only within the string, rindex with a negative start finds nothing, strchr of '\0' is NULL. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", index("abc", "", 0), index("abc", "", 3), index("abc", "", 9),
	    index("abc", "", -5));
	printf("%d %d %d %d\n", rindex("abc", ""), rindex("abc", "", 1), rindex("abc", "", -1),
	    rindex("abcabc", "bc", -3));
	printf("%d %d %d\n", strchr("abc", 0) == NULL, strrchr("abc", 0) == NULL,
	    strstr("abc", "") == NULL);
	printf("[%s][%s]\n", strstr("abc", ""), strrchr("a/b/c", '/'));
	exit(0);
}
