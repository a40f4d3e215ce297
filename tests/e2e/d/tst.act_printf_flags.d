/* ASSERTION: printf's flags as dtrace builds the C conversion: of '0' and '-' the last one wins, a precision of 0 is dropped (also a dynamic one <= 0), a negative dynamic width left-justifies, '?' is a pointer's width, %p prints hex digits without 0x. */
#pragma D option quiet

BEGIN
{
	printf("[%-08d][%0-8d][%+d][% d][%#x][%#o][%5.0d]\n", 42, 42, 42, 42, 255, 8, 7);
	printf("[%p][%#p][%?p][%-?p]\n", 4096, 4096, 4096, 4096);
	printf("[%.0s][%.2s][%*s][%-*s][%.*s][%.*s]\n", "abc", "abc", 5, "ab", 5, "ab", 0, "xyz",
	    -1, "xyz");
	printf("[%*d][%*.*s]\n", -6, 3, -4, 1, "abc");
	exit(0);
}
