/* ASSERTION: auto, register and static are storage classes D has no use for (d-language 4.4). */
auto int x;

BEGIN
{
	exit(0);
}
