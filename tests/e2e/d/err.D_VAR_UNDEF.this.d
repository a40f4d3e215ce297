/* ASSERTION: a this-> variable read in a predicate before any clause assigns it. */
BEGIN
/this->x == 0/
{
	trace(1);
}

END
{
	this->x = 1;
}
