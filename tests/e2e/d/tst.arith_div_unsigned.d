/* ASSERTION: division is unsigned when the promoted type is: -7 / 2u divides 0xfffffffffffffff9 and records 4 bytes. */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", -7 / 2u, -7 % 2u);
	n = -7; u = 2u;
	printf("%d %d\n", n / u, n % u);
	printf("%d\n", -7L / 2);
	exit(0);
}
