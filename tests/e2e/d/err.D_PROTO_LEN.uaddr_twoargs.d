/* ASSERTION: uaddr() takes one address, as an aggregation key too. */
BEGIN
{
	@[uaddr(1, 2)] = count();
}
