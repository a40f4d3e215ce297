/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * connfail: three connect() calls that fail, one per address family:
 * AF_INET 127.0.0.1:9, AF_INET6 [::1]:9 and AF_UNIX
 * /nonexistent/spectrace-sock. Each prints "FAMILY ERRNO" (the errno
 * connect() gave, as the tracer should see it) on stdout.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/un.h>

static void try(const char *name, int family, const struct sockaddr *sa, socklen_t len)
{
	int fd = socket(family, SOCK_STREAM, 0), err = 0;

	if (fd < 0) {
		printf("%s socket %d\n", name, errno);
		return;
	}
	if (connect(fd, sa, len))
		err = errno;
	printf("%s %d\n", name, err);
	close(fd);
}

int main(void)
{
	struct sockaddr_in in4;
	struct sockaddr_in6 in6;
	struct sockaddr_un un;

	memset(&in4, 0, sizeof(in4));
	in4.sin_family = AF_INET;
	in4.sin_port = htons(9);
	in4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	try("inet", AF_INET, (const struct sockaddr *)&in4, sizeof(in4));
	memset(&in6, 0, sizeof(in6));
	in6.sin6_family = AF_INET6;
	in6.sin6_port = htons(9);
	in6.sin6_addr = in6addr_loopback;
	try("inet6", AF_INET6, (const struct sockaddr *)&in6, sizeof(in6));
	memset(&un, 0, sizeof(un));
	un.sun_family = AF_UNIX;
	strcpy(un.sun_path, "/nonexistent/spectrace-sock");
	try("unix", AF_UNIX, (const struct sockaddr *)&un, sizeof(un));
	return 0;
}
