/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#include <linux/capability.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "priv.h"

int priv_missing(enum priv_need need, uint64_t eff, char *buf, size_t len)
{
	int bpf = (eff & (PRIV_CAP_BPF | PRIV_CAP_SYS_ADMIN)) != 0;
	int perfmon = (eff & (PRIV_CAP_PERFMON | PRIV_CAP_SYS_ADMIN)) != 0;

	if (need == PRIV_KTR)
		perfmon = 1;
	if (bpf && perfmon) {
		if (len)
			buf[0] = 0;
		return 0;
	}
	snprintf(buf, len, "%s%s%s", bpf ? "" : "CAP_BPF", !bpf && !perfmon ? " and " : "",
		 perfmon ? "" : "CAP_PERFMON");
	return 1;
}

uint64_t priv_effective(void)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = { { 0, 0, 0 } };

	if (syscall(SYS_capget, &hdr, data))
		return 0;
	return (uint64_t)data[1].effective << 32 | data[0].effective;
}

int priv_check(enum priv_need need, char *buf, size_t len)
{
	char lacks[64];

	if (!priv_missing(need, priv_effective(), lacks, sizeof(lacks)))
		return 0;
	if (need == PRIV_KTR)
		snprintf(
			buf, len,
			"run as root, or with CAP_BPF, to read and set the KTR flight recorder (this process lacks %s)",
			lacks);
	else
		snprintf(
			buf, len,
			"run as root, or with CAP_BPF and CAP_PERFMON, for tracing and listing probes (this process lacks %s)",
			lacks);
	return 1;
}
