/* ASSERTION: a variable cannot be named as a typedef (here one of D's own). */
int uint64_t;

BEGIN
{
}
