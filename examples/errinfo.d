#!/usr/bin/env -S spectrace -s
/*
 * errinfo.d: every system call that fails, live, with the process, the
 * call, the errno and its name; when tracing stops (Ctrl-C, or the end of
 * -c's command), how often each process saw each failure.
 *
 *   spectrace -s errinfo.d                 every process, until Ctrl-C
 *   spectrace -s errinfo.d -c 'make'       until make exits
 *   ./errinfo.d                            the same, run as a command
 *
 * Output: EXEC PID SYSCALL ERR NAME, then the summary EXEC SYSCALL ERR
 * COUNT sorted by count. Errnos from 512 (ERESTARTSYS ...) are the
 * kernel's own: a signal interrupted the call, which the kernel restarts
 * or turns into EINTR; the process never sees them.
 */
#pragma D option quiet

BEGIN
{
	errname[1] = "EPERM";
	errname[2] = "ENOENT";
	errname[3] = "ESRCH";
	errname[4] = "EINTR";
	errname[5] = "EIO";
	errname[6] = "ENXIO";
	errname[7] = "E2BIG";
	errname[8] = "ENOEXEC";
	errname[9] = "EBADF";
	errname[10] = "ECHILD";
	errname[11] = "EAGAIN";
	errname[12] = "ENOMEM";
	errname[13] = "EACCES";
	errname[14] = "EFAULT";
	errname[15] = "ENOTBLK";
	errname[16] = "EBUSY";
	errname[17] = "EEXIST";
	errname[18] = "EXDEV";
	errname[19] = "ENODEV";
	errname[20] = "ENOTDIR";
	errname[21] = "EISDIR";
	errname[22] = "EINVAL";
	errname[23] = "ENFILE";
	errname[24] = "EMFILE";
	errname[25] = "ENOTTY";
	errname[26] = "ETXTBSY";
	errname[27] = "EFBIG";
	errname[28] = "ENOSPC";
	errname[29] = "ESPIPE";
	errname[30] = "EROFS";
	errname[31] = "EMLINK";
	errname[32] = "EPIPE";
	errname[33] = "EDOM";
	errname[34] = "ERANGE";
	errname[35] = "EDEADLK";
	errname[36] = "ENAMETOOLONG";
	errname[37] = "ENOLCK";
	errname[38] = "ENOSYS";
	errname[39] = "ENOTEMPTY";
	errname[40] = "ELOOP";
	errname[42] = "ENOMSG";
	errname[43] = "EIDRM";
	errname[44] = "ECHRNG";
	errname[45] = "EL2NSYNC";
	errname[46] = "EL3HLT";
	errname[47] = "EL3RST";
	errname[48] = "ELNRNG";
	errname[49] = "EUNATCH";
	errname[50] = "ENOCSI";
	errname[51] = "EL2HLT";
	errname[52] = "EBADE";
	errname[53] = "EBADR";
	errname[54] = "EXFULL";
	errname[55] = "ENOANO";
	errname[56] = "EBADRQC";
	errname[57] = "EBADSLT";
	errname[59] = "EBFONT";
	errname[60] = "ENOSTR";
	errname[61] = "ENODATA";
	errname[62] = "ETIME";
	errname[63] = "ENOSR";
	errname[64] = "ENONET";
	errname[65] = "ENOPKG";
	errname[66] = "EREMOTE";
	errname[67] = "ENOLINK";
	errname[68] = "EADV";
	errname[69] = "ESRMNT";
	errname[70] = "ECOMM";
	errname[71] = "EPROTO";
	errname[72] = "EMULTIHOP";
	errname[73] = "EDOTDOT";
	errname[74] = "EBADMSG";
	errname[75] = "EOVERFLOW";
	errname[76] = "ENOTUNIQ";
	errname[77] = "EBADFD";
	errname[78] = "EREMCHG";
	errname[79] = "ELIBACC";
	errname[80] = "ELIBBAD";
	errname[81] = "ELIBSCN";
	errname[82] = "ELIBMAX";
	errname[83] = "ELIBEXEC";
	errname[84] = "EILSEQ";
	errname[85] = "ERESTART";
	errname[86] = "ESTRPIPE";
	errname[87] = "EUSERS";
	errname[88] = "ENOTSOCK";
	errname[89] = "EDESTADDRREQ";
	errname[90] = "EMSGSIZE";
	errname[91] = "EPROTOTYPE";
	errname[92] = "ENOPROTOOPT";
	errname[93] = "EPROTONOSUPPORT";
	errname[94] = "ESOCKTNOSUPPORT";
	errname[95] = "EOPNOTSUPP";
	errname[96] = "EPFNOSUPPORT";
	errname[97] = "EAFNOSUPPORT";
	errname[98] = "EADDRINUSE";
	errname[99] = "EADDRNOTAVAIL";
	errname[100] = "ENETDOWN";
	errname[101] = "ENETUNREACH";
	errname[102] = "ENETRESET";
	errname[103] = "ECONNABORTED";
	errname[104] = "ECONNRESET";
	errname[105] = "ENOBUFS";
	errname[106] = "EISCONN";
	errname[107] = "ENOTCONN";
	errname[108] = "ESHUTDOWN";
	errname[109] = "ETOOMANYREFS";
	errname[110] = "ETIMEDOUT";
	errname[111] = "ECONNREFUSED";
	errname[112] = "EHOSTDOWN";
	errname[113] = "EHOSTUNREACH";
	errname[114] = "EALREADY";
	errname[115] = "EINPROGRESS";
	errname[116] = "ESTALE";
	errname[117] = "EUCLEAN";
	errname[118] = "ENOTNAM";
	errname[119] = "ENAVAIL";
	errname[120] = "EISNAM";
	errname[121] = "EREMOTEIO";
	errname[122] = "EDQUOT";
	errname[123] = "ENOMEDIUM";
	errname[124] = "EMEDIUMTYPE";
	errname[125] = "ECANCELED";
	errname[126] = "ENOKEY";
	errname[127] = "EKEYEXPIRED";
	errname[128] = "EKEYREVOKED";
	errname[129] = "EKEYREJECTED";
	errname[130] = "EOWNERDEAD";
	errname[131] = "ENOTRECOVERABLE";
	errname[132] = "ERFKILL";
	errname[512] = "ERESTARTSYS";
	errname[513] = "ERESTARTNOINTR";
	errname[514] = "ERESTARTNOHAND";
	errname[515] = "ENOIOCTLCMD";
	errname[516] = "ERESTART_RESTARTBLOCK";
	printf("%-16s %7s %-22s %4s %s\n", "EXEC", "PID", "SYSCALL", "ERR", "NAME");
}

syscall:::return
/errno != 0/
{
	printf("%-16s %7d %-22s %4d %s\n", execname, pid, probefunc, errno, errname[errno]);
	@fails[execname, probefunc, errno] = count();
}

END
{
	printf("\n%-16s %-22s %4s %8s\n", "EXEC", "SYSCALL", "ERR", "COUNT");
	printa("%-16s %-22s %4d %@8d\n", @fails);
}
