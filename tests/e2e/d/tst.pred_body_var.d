/*
 * ASSERTION: a clause's predicate may use a variable its own body creates:
 * dtrace cooks the predicate after the body. The variable reads 0 until
 * assigned.
 */
#pragma D option quiet

BEGIN
/n == 0/
{
	n = 41;
	printf("first %d\n", n);
}

BEGIN
/this->seen == 0 && s == ""/
{
	this->seen = 1;
	s = "set";
	printf("second %s\n", s);
}

BEGIN
/n == 41/
{
	n++;
	printf("third %d\n", n);
	exit(0);
}
