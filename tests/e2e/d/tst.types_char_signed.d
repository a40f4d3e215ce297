/* ASSERTION: char is signed on x86_64: (char)200 is -56; unsigned char and _Bool are not. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", (char)200, (signed char)200, (unsigned char)200);
	printf("%d %d\n", (char)-1 < 0, (_Bool)255);
	exit(0);
}
