/* ASSERTION: #error stops the compilation. */
BEGIN
{
	exit(0);
}
#error this script  is old
