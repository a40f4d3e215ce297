/* ASSERTION: messages name a typedef'd type by its typedef. */
typedef int count_t;
count_t c;

BEGIN
{
	c = "many";
}
