/* ASSERTION: a string indexes as a char pointer: s[i] is its character i, of type char (d-language 3.11). */
#pragma D option quiet

BEGIN
{
	s = "abc";
	printf("%c%c%c %d %d\n", s[0], s[1], s[2], sizeof(s[0]), "xyz"[1]);
	trace(s[1]);
	printf("\n%d\n", probename[0] == 'B');
	exit(0);
}
