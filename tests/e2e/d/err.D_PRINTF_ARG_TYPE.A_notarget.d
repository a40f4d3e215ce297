/* ASSERTION: %A takes an integer only when -p or -c sets $target. */
BEGIN
{
	printf("%A\n", 0x400000);
}
