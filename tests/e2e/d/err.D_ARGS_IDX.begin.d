/* ASSERTION: the dtrace provider's probes have no args[ ]. */
BEGIN
{
	trace(args[0]);
}
