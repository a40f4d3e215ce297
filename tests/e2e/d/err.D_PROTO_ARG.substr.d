BEGIN
{
	trace(substr("abc", "1"));
}
