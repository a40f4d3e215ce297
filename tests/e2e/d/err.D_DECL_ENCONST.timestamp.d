/* ASSERTION: an enumerator's value is an integer constant expression. */
enum e { A = timestamp };

BEGIN
{
	exit(0);
}
