/* ASSERTION: string escapes: the C ones, octal and \x with any number of digits (kept to 8 bits); others keep their backslash; \0 ends the string. */
#pragma D option quiet

BEGIN
{
	printf("[%s]\n", "a\tb");
	printf("[%s] [%s] [%s]\n", "\x41", "\x4142", "\101\102");
	printf("[%s] [%s]\n", "a\qb", "a\'b");
	printf("[%s] [%s]\n", "ab\0cd", "q\"\\");
	exit(0);
}
