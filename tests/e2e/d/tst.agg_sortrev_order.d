/* ASSERTION: aggsortrev reverses every comparison, the aggregations' order at exit included: the last declared prints first, each sorted by value descending. */
#pragma D option quiet
#pragma D option aggsortrev

BEGIN
{
	@first["x"] = sum(1);
	@first["y"] = sum(2);
	@second["p"] = sum(30);
	@second["q"] = sum(10);
	exit(0);
}
