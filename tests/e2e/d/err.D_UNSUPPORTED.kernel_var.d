/* ASSERTION: a kernel variable is refused as not supported, not as unknown. */
BEGIN
{
	trace(`max_pfn);
}
