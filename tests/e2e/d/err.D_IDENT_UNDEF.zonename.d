/* ASSERTION: zonename is illumos's; dtrace-utils has no such variable (d-language 4.9). */
BEGIN
{
	trace(zonename);
}
