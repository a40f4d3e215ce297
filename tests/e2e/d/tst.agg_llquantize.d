/* ASSERTION: llquantize has log-linear buckets: below factor^low, nsteps per order of magnitude, and from factor^(high+1) up. */
#pragma D option quiet

BEGIN
{
	@ll = llquantize(0, 10, 1, 3, 10);
	@ll = llquantize(9, 10, 1, 3, 10);
	@ll = llquantize(10, 10, 1, 3, 10);
	@ll = llquantize(15, 10, 1, 3, 10);
	@ll = llquantize(250, 10, 1, 3, 10);
	@ll = llquantize(9999, 10, 1, 3, 10);
	@ll = llquantize(10000, 10, 1, 3, 10);
	@ll = llquantize(123456, 10, 1, 3, 10);
	exit(0);
}
