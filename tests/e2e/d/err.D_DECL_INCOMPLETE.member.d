/* ASSERTION: a member of a struct known only by name. */
struct s { struct spectrace_no_such x; };

BEGIN
{
	exit(0);
}
