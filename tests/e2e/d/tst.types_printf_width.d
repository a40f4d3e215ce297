/* ASSERTION: flags and widths apply to the value as its type prints it. */
#pragma D option quiet
unsigned int u;

BEGIN
{
	u = 3000000000;
	printf("[%12d] [%-12d] [%012d]\n", u, u, u);
	printf("[%5d] [%-5d] [%+d]\n", (char)-1, (short)-2, (char)5);
	printf("[%#x] [%10x]\n", (short)-1, -1);
	exit(0);
}
