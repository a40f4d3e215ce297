/* ASSERTION: system( ) is destructive; the option set by a pragma after it counts, a wrong value does not set it. */
BEGIN
{
	system("date");
}

#pragma D option destructive=0
