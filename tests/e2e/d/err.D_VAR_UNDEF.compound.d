/* ASSERTION: a compound assignment reads its variable: it must exist (only ++ and -- create one). */
BEGIN
{
	total += 5;
}
