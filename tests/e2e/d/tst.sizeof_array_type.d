/* ASSERTION: sizeof takes an array type: its element's size times its dimension. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", sizeof(char [4]), sizeof(int[3]), sizeof(uint64_t *[2]));
	exit(0);
}
