/* ASSERTION: discard( ) may follow speculate( ), and any action may follow discard( ). */
#pragma D option quiet

BEGIN
{
	speculate(1);
	discard(1);
}

BEGIN
{
	discard(1);
	printf("after discard\n");
	exit(0);
}
