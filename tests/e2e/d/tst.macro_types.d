/* ASSERTION: an integer macro argument has the type its literal would have (C99's rules). */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", sizeof($1), sizeof($2), sizeof($3), sizeof($4));
	exit(0);
}
