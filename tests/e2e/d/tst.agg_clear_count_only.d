/* ASSERTION: clear() in a clause whose only other statement is a keyless count() zeroes it (the key remains, printed with 0). */
#pragma D option quiet

BEGIN
{
	@a = count();
	clear(@a);
}

BEGIN
{
	exit(0);
}
