/*
 * ASSERTION: exit() is a data-recording action: BEGIN { exit(0); } prints
 * the heading and its prefix line (1.5).
 */
BEGIN
{
	exit(0);
}
