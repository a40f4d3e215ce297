/* ASSERTION: %d takes an integer, not a pointer (%p does). */
BEGIN
{
	printf("%d\n", curthread);
}
