/* ASSERTION: lltostr() is signed decimal, INT64_MIN included. */
#pragma D option quiet

BEGIN
{
	printf("%s %s %s\n", lltostr(-9223372036854775807LL - 1), lltostr(9223372036854775807LL),
	    lltostr(-1));
	exit(0);
}
