/* ASSERTION: only the chosen branch of ?: is evaluated. */
#pragma D option quiet

BEGIN
{
	c = 1; x = 0;
	y = c ? (x = 3) : (x = 4);
	printf("%d %d\n", x, y);
	c = 0;
	y = c ? (x = 5) : 6;
	printf("%d %d\n", x, y);
	exit(0);
}
