/*
 * ASSERTION: a predicate may create a variable its clause's actions use:
 * when the actions name a variable nothing has created, dtrace checks the
 * predicate first and the actions again. The predicate's side effect
 * happens before the actions run, whether it is true or not.
 */
#pragma D option quiet

BEGIN
/(x = 5) > 0/
{
	printf("x %d\n", x);
}

BEGIN
/n++ == 0/
{
	printf("n %d\n", n);
}

BEGIN
/m++/
{
	printf("never %d\n", m);
}

BEGIN
/(self->s = "set") != ""/
{
	printf("self->s %s\n", self->s);
}

BEGIN
{
	printf("after: n %d m %d\n", n, m);
	exit(0);
}
