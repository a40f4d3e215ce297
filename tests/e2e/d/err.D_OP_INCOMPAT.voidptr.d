/* ASSERTION: a void pointer has no element size: (void *)p + 1 is D_OP_INCOMPAT. */
BEGIN
{
	trace((void *)0 + 1);
}
