BEGIN
{
	trace(strchr(1, 'a'));
}
