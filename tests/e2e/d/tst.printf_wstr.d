/* ASSERTION: %ls prints an array of 32-bit integers (wchar_t []) as a wide string, up to its first 0 or its end, with widths (output-and-messages: %ls takes wchar_t[]). */
#pragma D option quiet

this int w[4];
int g[3];

BEGIN
{
	this->w[0] = 0x48;
	this->w[1] = 0x69;
	this->w[2] = 0;
	g[0] = 0x41;
	g[1] = 0x42;
	g[2] = 0x43;
	printf("%ls|%5ls|%-4ls|%ls|\n", this->w, this->w, this->w, g);
	exit(0);
}
