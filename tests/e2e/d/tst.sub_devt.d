/* ASSERTION: getmajor() and getminor() split a Linux dev_t: (d & 0xffffffff) >> 20 and d & 0xfffff. */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", getmajor(0x00800003), getminor(0x00800003));
	printf("%d %d\n", getmajor(0x123456789), getminor(0x123456789));
	exit(0);
}
