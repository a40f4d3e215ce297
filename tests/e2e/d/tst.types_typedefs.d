/* ASSERTION: D's typedefs: intN_t/uintN_t, intptr_t, size_t and friends, with their sizes and signedness. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", sizeof(int8_t), sizeof(int16_t), sizeof(int32_t), sizeof(int64_t));
	printf("%d %d %d %d\n", (int8_t)-1, (uint8_t)-1, (int16_t)-1, (uint16_t)-1);
	printf("%d %d\n", (int32_t)-1, (uint32_t)-1);
	printf("%d %d\n", (int64_t)-1, (uint64_t)-1);
	printf("%d %d %d %d\n", sizeof(size_t), (size_t)-1 > 0, (ssize_t)-1 > 0, (ptrdiff_t)-1 > 0);
	printf("%d %d %d\n", (uintptr_t)-1 > 0, (intptr_t)-1 > 0, sizeof(pid_t));
	printf("%d %d %d %d %d\n", (uchar_t)-1, (ushort_t)-1, (uint_t)-1, (ulong_t)-1 > 0, (u_longlong_t)-1 > 0);
	exit(0);
}
