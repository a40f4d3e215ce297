/* ASSERTION: panic() cannot be done by a BPF program: refused with one line. */
#pragma D option destructive
BEGIN
{
	panic();
}
