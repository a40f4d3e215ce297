/* ASSERTION: an array member cannot be assigned (D_OP_ARRFUN), a char array included. */

BEGIN
{
	curthread->comm = "x";
}
