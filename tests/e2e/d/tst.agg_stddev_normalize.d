/* ASSERTION: stddev() under normalize() divides the sum of squares by the factor once (dtrace-utils): stddev of 10 and 30 normalized by 2 is isqrt(1000/2/2 - (40/2/2)^2) = 12. */
#pragma D option quiet

BEGIN
{
	@s = stddev(10);
	@s = stddev(30);
	normalize(@s, 2);
	exit(0);
}
