/* ASSERTION: a typedef name cannot be defined again. */
typedef int count_t;
typedef long count_t;

BEGIN
{
}
