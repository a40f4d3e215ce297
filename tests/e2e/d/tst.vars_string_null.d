/* ASSERTION: a string variable or element takes a constant 0 or NULL: self-> and array elements are deleted, and NULL is an int constant (sizeof 4). */
#pragma D option quiet

BEGIN
{
	self->s = "thread";
	a["k"] = "element";
	a["j"] = "kept";
	self->s = 0;
	a["k"] = NULL;
	printf("%d %d %d\n", self->s == NULL, a["k"] == NULL, a["j"] == NULL);
	printf("%s %d\n", a["j"], sizeof(NULL));
	exit(0);
}
