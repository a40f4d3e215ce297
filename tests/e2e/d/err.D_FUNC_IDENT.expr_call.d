/* ASSERTION: only a name can be called; a call of any other expression is D_FUNC_IDENT (d-language 4.2: `(e)(1)`). */
BEGIN
{
	self->x = 1;
	self->x(1);
}
