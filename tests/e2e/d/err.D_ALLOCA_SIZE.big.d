/* ASSERTION: a constant alloca( ) size larger than the scratch space. */
BEGIN
{
	p = alloca(1000);
}
