/*
 * ASSERTION: struct values in global and this-> variables: assigned whole
 * (a copy: later changes to the source do not show), assigned from one
 * variable to another, members read and stored, traced as bytes, and
 * copied from kernel memory (curthread->fs).
 */
#pragma D option quiet

struct pt {
	int x;
	short y;
	char tag[2];
};

struct pt g;

BEGIN
{
	this->p = (struct pt *)alloca(sizeof(struct pt));
	this->p->x = 0x11223344;
	this->p->y = -2;
	this->p->tag[0] = 'o';
	this->p->tag[1] = 'k';
	g = *this->p;
	this->p->x = 9;
	this->l = g;
	this->l.y = 7;
	g.x++;
	printf("%x %d %c%c %d %d %d\n", g.x, g.y, g.tag[0], g.tag[1], this->l.x, this->l.y,
	    sizeof(g));
	trace(g);
	this->fs = *curthread->fs;
	printf("%d\n", this->fs.umask == curthread->fs->umask);
	exit(0);
}
