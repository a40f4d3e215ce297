/* ASSERTION: aggsortkeypos picks the key element compared first. */
#pragma D option quiet
#pragma D option aggsortkey
#pragma D option aggsortkeypos=1

BEGIN
{
	@a["a", 3] = count(); @a["b", 1] = count(); @a["c", 2] = count();
	exit(0);
}
