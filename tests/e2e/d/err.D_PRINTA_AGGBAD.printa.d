/* ASSERTION: printa of an aggregation that was never assigned is an error. */
END
{
	printa(@nosuch);
}
