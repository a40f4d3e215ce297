#!/usr/bin/env -S spectrace -s
/*
 * connfail.d: connect() calls that fail, live, with the address they
 * tried: the program, its pid, the errno and its name, and the address
 * (IPv4 as a.b.c.d:port, IPv6 as its eight groups in hex and the port,
 * a Unix socket's path).
 *
 *   spectrace -s connfail.d -c 'curl http://localhost:8080/'
 *   spectrace -s connfail.d                every process, until Ctrl-C
 *
 * A non-blocking socket's EINPROGRESS is no failure and is left out (its
 * outcome comes later, through SO_ERROR). The address is read from the
 * caller's memory when connect() returns.
 */
#pragma D option quiet

BEGIN
{
	errname[1] = "EPERM";
	errname[2] = "ENOENT";
	errname[4] = "EINTR";
	errname[9] = "EBADF";
	errname[11] = "EAGAIN";
	errname[13] = "EACCES";
	errname[20] = "ENOTDIR";
	errname[22] = "EINVAL";
	errname[88] = "ENOTSOCK";
	errname[91] = "EPROTOTYPE";
	errname[97] = "EAFNOSUPPORT";
	errname[98] = "EADDRINUSE";
	errname[99] = "EADDRNOTAVAIL";
	errname[100] = "ENETDOWN";
	errname[101] = "ENETUNREACH";
	errname[104] = "ECONNRESET";
	errname[106] = "EISCONN";
	errname[110] = "ETIMEDOUT";
	errname[111] = "ECONNREFUSED";
	errname[113] = "EHOSTUNREACH";
	errname[114] = "EALREADY";
	printf("%-16s %7s %4s %-13s %s\n", "EXEC", "PID", "ERR", "NAME", "ADDRESS");
}

syscall::connect:entry
{
	self->sa = arg1;
	self->len = arg2;
}

syscall::connect:return
/self->sa && errno != 0 && errno != 115/
{
	this->fam = *(uint16_t *)copyin(self->sa, 2);
	this->name = errname[errno] != NULL ? errname[errno] : "?";
	printf("%-16s %7d %4d %-13s ", execname, pid, errno, this->name);
}

syscall::connect:return
/self->sa && errno != 0 && errno != 115 && this->fam == 2/
{
	this->in = (struct sockaddr_in *)copyin(self->sa, sizeof(struct sockaddr_in));
	this->a = (uint8_t *)&this->in->sin_addr;
	printf("%d.%d.%d.%d:%d\n", this->a[0], this->a[1], this->a[2], this->a[3],
	    ntohs(this->in->sin_port));
}

syscall::connect:return
/self->sa && errno != 0 && errno != 115 && this->fam == 10/
{
	this->in6 = (struct sockaddr_in6 *)copyin(self->sa, sizeof(struct sockaddr_in6));
	this->w = (uint16_t *)&this->in6->sin6_addr;
	printf("[%x:%x:%x:%x:%x:%x:%x:%x]:%d\n", ntohs(this->w[0]), ntohs(this->w[1]),
	    ntohs(this->w[2]), ntohs(this->w[3]), ntohs(this->w[4]), ntohs(this->w[5]),
	    ntohs(this->w[6]), ntohs(this->w[7]), ntohs(this->in6->sin6_port));
}

syscall::connect:return
/self->sa && errno != 0 && errno != 115 && this->fam == 1/
{
	this->un = (struct sockaddr_un *)copyin(self->sa, sizeof(struct sockaddr_un));
	printf("%s\n", stringof(this->un->sun_path));
}

syscall::connect:return
/self->sa && errno != 0 && errno != 115 && this->fam != 1 && this->fam != 2 &&
    this->fam != 10/
{
	printf("family %d\n", this->fam);
}

syscall::connect:return
{
	self->sa = 0;
	self->len = 0;
}
