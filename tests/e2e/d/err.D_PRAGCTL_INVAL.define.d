/* ASSERTION: #define without -C is an invalid control directive. */
#define X 1
BEGIN
{
	exit(0);
}
