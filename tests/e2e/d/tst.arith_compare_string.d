/* ASSERTION: strings compare by content, byte by byte as unsigned. */
#pragma D option quiet

BEGIN
{
	s = "abc";
	printf("%d %d %d %d\n", s == "abc", s < "abd", "b" > s, s != "abc");
	printf("%d %d\n", "" < "a", "\377" > "a");
	exit(0);
}
