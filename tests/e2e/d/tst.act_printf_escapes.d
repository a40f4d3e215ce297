/* ASSERTION: %S prints a string with C's escapes (a blank as it is, other unprintable bytes as three octal digits) and its terminating NUL as \0; %C a character likewise. */
#pragma D option quiet

BEGIN
{
	printf("%S|%C|%C|%C|%C\n", "tab\there \"q\"\\", 'x', '\n', 1, ' ');
	printf("[%12S]\n", "a\nb");
	exit(0);
}
