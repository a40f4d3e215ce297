/* ASSERTION: rand() is an int: 32 random bits, sign-extended, so over many calls both signs come up and no value needs more than 32 bits. */
#pragma D option quiet

BEGIN
{
	i = 0;
	neg = 0;
	pos = 0;
	wide = 0;
}

tick-1ms
/i < 200/
{
	r = rand();
	neg += r < 0;
	pos += r > 0;
	wide += rand() > 2147483647LL || rand() < -2147483648LL;
	i++;
}

tick-1ms
/i == 200/
{
	printf("%d %d %d %d\n", neg > 0, pos > 0, wide, sizeof(rand()));
	exit(0);
}
