/* ASSERTION: strings do not concatenate with +: "string" + "string" is D_OP_INCOMPAT. */
BEGIN
{
	trace("a" + "b");
}
