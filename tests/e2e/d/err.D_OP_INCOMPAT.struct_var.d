/* ASSERTION: a struct variable holds one type: another struct is incompatible. */
BEGIN
{
	this->s = *curthread->fs;
	this->s = *curthread->mm;
}
