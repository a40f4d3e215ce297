/* ASSERTION: %a is a kernel address; a user symbol's value is %A's. */
BEGIN
{
	printf("%a\n", usym(0));
}
