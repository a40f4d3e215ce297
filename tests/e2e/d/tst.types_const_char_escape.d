/* ASSERTION: in a character constant an escape D does not know keeps its backslash: '\'' is 0x5c27. */
#pragma D option quiet

BEGIN
{
	printf("%x %x %x\n", '\'', '\?', '\q');
	printf("%x %x\n", '\x41', '\101');
	exit(0);
}
