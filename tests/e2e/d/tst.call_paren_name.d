/* ASSERTION: a name in parentheses is still the name: (trace)(1) calls trace() (d-language 4.2: parentheses make no node). */
#pragma D option quiet
BEGIN
{
	(printf)("%d\n", 7);
	exit(0);
}
