/* ASSERTION: quantize puts 0, negatives and powers of two in DTrace's buckets, and takes an increment. */
#pragma D option quiet

BEGIN
{
	@q = quantize(0);
	@q = quantize(1);
	@q = quantize(2);
	@q = quantize(3);
	@q = quantize(4);
	@q = quantize(-1);
	@q = quantize(-2);
	@q = quantize(-3);
	@q = quantize(1024, 5);
	@big = quantize(0x7fffffffffffffff);
	@big = quantize(-9223372036854775807 - 1);
	exit(0);
}
