/* ASSERTION: a variable of a floating-point type is refused as not supported. */
double d;

BEGIN
{
}
