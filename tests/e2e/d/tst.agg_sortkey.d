/* ASSERTION: aggsortkey sorts by key, aggsortrev reverses. */
#pragma D option quiet
#pragma D option aggsortkey
#pragma D option aggsortrev

BEGIN
{
	@a["b"] = sum(1); @a["a"] = sum(3); @a["c"] = sum(2);
	exit(0);
}
