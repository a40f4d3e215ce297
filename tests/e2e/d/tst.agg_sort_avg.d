/* ASSERTION: avg() tuples sort by their integer average; lquantize ones by the sum of bucket value times count. */
#pragma D option quiet

BEGIN
{
	@a["two"] = avg(2);
	@a["two"] = avg(3);
	@a["one"] = avg(1);
	@a["three"] = avg(3);
	printa("%s %@d\n", @a);
	@l["low"] = lquantize(1, 0, 10, 1);
	@l["high"] = lquantize(50, 0, 10, 1);
	@l["mid"] = lquantize(5, 0, 10, 1);
	printa("%s\n", @l);
	exit(0);
}
