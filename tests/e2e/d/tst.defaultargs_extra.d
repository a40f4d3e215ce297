/* ASSERTION: with defaultargs, an argument the script does not use is no error either. */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("%d\n", $1);
	exit(0);
}
