/* ASSERTION: a this-> variable cannot be an associative array (d-language 4.2). */
BEGIN
{
	this->a[1] = 1;
}
