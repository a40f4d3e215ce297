/* ASSERTION: without quiet, each record has dtrace's prefix; trace() widths by size. */
BEGIN
{
	trace(42);
	trace((char)7);
	trace((short)-3);
	trace((long long)123456789012);
}

BEGIN
{
	exit(0);
}
