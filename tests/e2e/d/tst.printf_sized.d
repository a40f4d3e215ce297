/*
 * ASSERTION: printf's sized conversions take the named C type: h a
 * short, l and ll a 64-bit integer (d and i signed, u and o unsigned, x
 * either), c an integer of at most 4 bytes, p a pointer or an integer.
 */
#pragma D option quiet

BEGIN
{
	s = (short)-2;
	us = (unsigned short)65535;
	l = -3L;
	ul = (unsigned long)7;
	printf("%hd %hi %hu %ho %hx %hX\n", s, s, us, us, s, us);
	printf("%ld %li %lu %lo %lx %lX\n", l, l, ul, ul, l, ul);
	printf("%lld %lli %llu %llo %llx %llX\n", l, l, ul, ul, ul, ul);
	printf("%c%c%c\n", 'o', (short)'k', (int)'!');
	printf("%p %p\n", (char *)16, 255);
	exit(0);
}
