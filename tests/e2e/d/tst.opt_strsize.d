/* ASSERTION: strings hold at most strsize characters: variables, results and records are cut there. */
#pragma D option quiet
#pragma D option strsize=5

BEGIN
{
	s = "abcdefghij";
	t = strjoin("xy", s);
	printf("%s|%s|%d|%d|%s\n", s, t, strlen(s), strlen(t), substr(s, 1));
	exit(0);
}
