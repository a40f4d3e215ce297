/* ASSERTION: llquantize with fewer steps than the factor (steps dividing it) has wider bins per magnitude; with more steps and lmag 0 the bins below one unit carry no label and are not printed, except at the edge of the range, where such a bin takes the next label outward. */
#pragma D option quiet

BEGIN
{
	@a = llquantize(1, 10, 0, 1, 5);
	@a = llquantize(3, 10, 0, 1, 5);
	@a = llquantize(9, 10, 0, 1, 5);
	@a = llquantize(55, 10, 0, 1, 5);
	printa(@a);
	@b = llquantize(3, 10, 0, 1, 20);
	printa(@b);
	@c = llquantize(2, 10, 0, 1, 20);
	@c = llquantize(12, 10, 0, 1, 20);
	printa(@c);
	exit(0);
}
