/*
 * ASSERTION: sym(), func(), mod(), usym(), ufunc(), uaddr() and umod() of
 * an address in nothing print "0x" and its hex digits, as "  %-50s"
 * whether quiet or not; printf's %a of sym() the same text.
 */
#pragma D option quiet

BEGIN
{
	sym(0);
	printf("|\n");
	func(16);
	mod(16);
	printf("|\n");
	usym(0x10);
	ufunc(0x20);
	printf("|\n");
	uaddr(0x30);
	umod(0x40);
	printf("|\n");
	printf("[%a] [%20a] [%-6a]\n", sym(0x50), func(0x60), mod(0x70));
	trace(sym(0x80));
	printf("|\n");
	exit(0);
}
