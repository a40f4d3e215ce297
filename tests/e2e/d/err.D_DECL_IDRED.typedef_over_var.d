/* ASSERTION: a typedef cannot take a global variable's name. */
int total;
typedef int total;

BEGIN
{
}
