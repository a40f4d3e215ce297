/* ASSERTION: strlen() takes a char pointer: the characters at that kernel address; an unreadable non-NULL address is 0 long, without a fault. */
#pragma D option quiet

BEGIN
{
	printf("%d\n", strlen((char *)1));
	printf("%d\n", strlen((char *)&curthread->comm[0]) == strlen(curthread->comm));
	exit(0);
}
