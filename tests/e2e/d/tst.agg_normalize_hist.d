/* ASSERTION: normalize() divides the printed values, a histogram's counts too but not its bars; denormalize() undoes it. */
#pragma D option quiet

BEGIN
{
	@s["k"] = sum(1000);
	@q = quantize(1, 30);
	@q = quantize(2, 10);
	normalize(@s, 10);
	normalize(@q, 10);
	printa("%s %@d\n", @s);
	printa(@q);
	denormalize(@s);
	printa("%s %@d\n", @s);
	exit(0);
}
