/*
 * ASSERTION: $0 is the script's path as given; $N written as an integer is
 * one, an identifier names that variable, anything else is a string; $$N is
 * always the text.
 */
#pragma D option quiet

BEGIN
{
	foo = 7;
	printf("%s\n", $0);
	printf("%d %s %d %d\n", $1, $2, $3, $4);
	printf("%s %s %s\n", $$1, $$3, $$4);
	exit(0);
}
