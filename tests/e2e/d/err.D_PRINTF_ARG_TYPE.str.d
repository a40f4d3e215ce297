BEGIN
{
	printf("%s\n", 42);
}
