/* ASSERTION: %lc and %wc print an int as a (wide) character, with widths. */
#pragma D option quiet

BEGIN
{
	printf("[%lc][%3wc][%-3lc]\n", 65, 66, (int)67);
	exit(0);
}
