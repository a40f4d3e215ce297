/* ASSERTION: printa(@a, @b) prints the keys once and each aggregation's value in listed order; a key missing from one prints that one's zero; rows sorted by the first listed (aggsortpos 0). */
#pragma D option quiet

BEGIN
{
	@a["x"] = count();
	@a["y"] = count();
	@a["y"] = count();
	@b["y"] = sum(10);
	@b["z"] = sum(-5);
	printa(@a, @b);
	exit(0);
}
