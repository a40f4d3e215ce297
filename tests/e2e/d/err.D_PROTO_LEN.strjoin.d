BEGIN
{
	x = strjoin("a", "b", "c");
}
