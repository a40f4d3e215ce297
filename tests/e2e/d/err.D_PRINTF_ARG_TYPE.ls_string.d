/* ASSERTION: %ls takes a wchar_t array, not a string (output-and-messages: the <proto> "wchar_t []"). */
BEGIN
{
	printf("%ls\n", "abc");
}
