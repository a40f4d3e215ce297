/*
 * ASSERTION: speculate() of 0, of an id above nspec or of a free id skips
 * the rest of its clause silently, assignments too; assignments in a
 * clause that speculates are not speculative (d-language 6.2).
 */
#pragma D option quiet
#pragma D option nspec=2

BEGIN
{
	x = 1;
	speculate(0);
	x = 2;
}

BEGIN
{
	speculate(2);
	x = 3;
}

BEGIN
{
	speculate(3);
	x = 5;
}

BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	x = 4;
	printf("speculative %d\n", x);
}

BEGIN
{
	commit(s);
}

BEGIN
{
	printf("x=%d\n", x);
	exit(0);
}
