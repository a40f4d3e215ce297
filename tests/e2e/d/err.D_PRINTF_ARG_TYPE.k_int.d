/* ASSERTION: %k takes a stack; the message names the type given. */
BEGIN
{
	printf("%k", 1);
}
