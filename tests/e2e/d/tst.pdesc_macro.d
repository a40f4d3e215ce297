/* ASSERTION: macro arguments and variables are replaced in probe descriptions, as text. */
#pragma D option quiet

dtrace:::$1
{
	printf("%s %d\n", probename, $target);
}

dtrace:::$$1
/$2 == 3/
{
	exit(0);
}
