/* ASSERTION: printa()'s conversions see keys with their types: %d of an unsigned key is %u, %x of an int key its 4 bytes. */
#pragma D option quiet

BEGIN
{
	@a[0xffffffff, -1] = count();
	printa("%d %x %@d\n", @a);
	exit(0);
}
