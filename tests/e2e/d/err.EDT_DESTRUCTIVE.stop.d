/* ASSERTION: stop( ) is destructive: refused without -w or the destructive option. */
BEGIN
{
	stop();
}
