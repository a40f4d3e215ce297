/* ASSERTION: a struct is assigned only from a struct of its own type. */

struct one {
	int a;
};

struct two {
	int a;
};

BEGIN
{
	this->p = (struct one *)alloca(sizeof(struct one));
	this->q = (struct two *)alloca(sizeof(struct two));
	*this->p = *this->q;
}
