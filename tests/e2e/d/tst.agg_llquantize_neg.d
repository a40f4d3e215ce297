/* ASSERTION: dtrace-utils' llquantize takes negative values into mirrored bins; the zero bin is "< S", or "abs() < S" once a negative bin is shown; the ends are "<= -F" and ">= F". */
#pragma D option quiet

BEGIN
{
	@a = llquantize(-3, 10, 1, 1, 5);
	@a = llquantize(2, 10, 1, 1, 5);
	printa(@a);
	@b = llquantize(-25, 10, 1, 1, 5);
	@b = llquantize(-250, 10, 1, 1, 5);
	@b = llquantize(7, 10, 1, 1, 5);
	printa(@b);
	@c = llquantize(20, 10, 1, 1, 5);
	@c = llquantize(1000, 10, 1, 1, 5);
	printa(@c);
	exit(0);
}
