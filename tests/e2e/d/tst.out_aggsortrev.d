/*
 * ASSERTION: aggsortrev reverses every comparison of the sort at exit,
 * the order of the aggregations included (1.8, 2.7).
 */
#pragma D option quiet
#pragma D option aggsortrev

BEGIN
{
	@a = count();
	@b["x"] = sum(5);
	@b["y"] = sum(1);
	@c = max(9);
	exit(0);
}
