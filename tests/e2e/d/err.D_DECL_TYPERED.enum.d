/* ASSERTION: an enum is defined once. */
enum e { A };
enum e { B };

BEGIN
{
	exit(0);
}
