/* ASSERTION: dtrace-utils' llquantize: a zero bin for |v| < factor^lmag (labelled 0 when that is 1), shown widened by one bin each side (-1 below 0). */
#pragma D option quiet

BEGIN
{
	@a = llquantize(0, 10, 0, 2, 10);
	@a = llquantize(0, 10, 0, 2, 10);
	@a = llquantize(5, 10, 0, 2, 10);
	printa(@a);
	@b = llquantize(0, 10, 0, 1, 10);
	@b = llquantize(5, 10, 0, 1, 10);
	@b = llquantize(15, 10, 0, 1, 10);
	@b = llquantize(150, 10, 0, 1, 10);
	printa(@b);
	exit(0);
}
