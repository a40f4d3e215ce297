/* ASSERTION: system( ) is destructive; the option set by a pragma after it counts, "no" leaves it unset (0 would set it, as in DTrace). */
BEGIN
{
	system("date");
}

#pragma D option destructive=no
