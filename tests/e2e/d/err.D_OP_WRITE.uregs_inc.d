/* ASSERTION: uregs[] is read-only, ++ too. */
BEGIN
{
	uregs[0]++;
}
