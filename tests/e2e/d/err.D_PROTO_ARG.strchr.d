BEGIN
{
	trace(strchr(pid, 'a'));
}
