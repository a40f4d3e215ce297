/* ASSERTION: panic( ) is refused: a BPF program cannot panic the kernel. */
#pragma D option destructive

BEGIN
{
	panic();
}
