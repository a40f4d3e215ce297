/* ASSERTION: htons/htonl/htonll and ntohs/ntohl/ntohll swap to and from network (big-endian) order on x86; the argument is first converted to the prototype's width. */
#pragma D option quiet

BEGIN
{
	printf("%x %x %x\n", htons(0x1234), htonl(0x12345678), htonll(0x0102030405060708));
	printf("%x %x %x\n", ntohs(0x3412), ntohl(0x78563412), ntohll(0x0807060504030201));
	printf("%x %x %d\n", htons(0xabcd1234), ntohl(htonl(0xdeadbeef)), sizeof(htons(1)));
	exit(0);
}
