/* ASSERTION: an enumerator's name is a global identifier, once. */
enum e { A, B };
enum f { C, A };

BEGIN
{
	exit(0);
}
