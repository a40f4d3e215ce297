/* ASSERTION: each scalar aggregating function gives DTrace's value; integer keys print by their recorded size (a char key zero-extended), strings and tuples as dtrace prints them; tuples sort by value, then key. */
#pragma D option quiet

BEGIN
{
	@c = count(); @c = count(); @c = count();
	@s = sum(10); @s = sum(-3); @s = sum(100);
	@a = avg(10); @a = avg(3); @a = avg(-1);
	@mn = min(4); @mn = min(-2); @mn = min(7);
	@mx = max(4); @mx = max(-2); @mx = max(7);
	@sd = stddev(2); @sd = stddev(4); @sd = stddev(9);
	@byname["b"] = count(); @byname["a"] = count(); @byname["b"] = count();
	@byint[(char)3] = sum(5); @byint[(short)3] = sum(5); @byint[-7] = sum(1);
	@tuple["x", 2] = sum(20); @tuple["x", 1] = sum(20); @tuple["w", 9] = sum(30);
	exit(0);
}
