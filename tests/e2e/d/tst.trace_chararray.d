/*
 * ASSERTION: trace() of a char array (a member, not read as a string)
 * records the array's sizeof bytes and prints them as a hex dump, quiet
 * or not; an element of it is still a char; printf's %s still reads the
 * array as a string. In BEGIN the current thread is spectrace's.
 */
#pragma D option quiet

BEGIN
{
	trace(curthread->comm);
	trace(curthread->comm[1]);
	printf("\n%s\n", curthread->comm);
	exit(0);
}
