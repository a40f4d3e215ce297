/* ASSERTION: an associative array's integer keys are cast to the key types of its first use. */
#pragma D option quiet

BEGIN
{
	a[(char)1] = 5;
	a[258] = 7;
	printf("%d %d %d\n", a[1], a[(char)2], a[513]);
	b[1L] = 3;
	printf("%d\n", b[1]);
	exit(0);
}
