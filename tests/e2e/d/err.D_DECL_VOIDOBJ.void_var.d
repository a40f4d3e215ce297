/* ASSERTION: no variable may be void (d-language 4.4). */
void x;

BEGIN
{
	exit(0);
}
