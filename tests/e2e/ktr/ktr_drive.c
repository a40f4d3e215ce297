/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * ktr_drive: log exactly the KTR events a test asks for, on the CPU it asks
 * for, by running bpf/ktr_test.bpf.c with BPF_PROG_TEST_RUN on that CPU.
 *
 *   ktr_drive [-x ktr_opt=value]... seq CPU CLASSES COUNT [BASE]
 *       COUNT events "seq N base+n BASE+N", N = 0..COUNT-1
 *   ktr_drive [-x ktr_opt=value]... conv CPU CLASSES
 *       one event per printf conversion the dump knows
 *   ktr_drive [-x ktr_opt=value]... bench CPU CLASSES COUNT
 *       print the cost of one CTR in ns: enabled, then masked off
 *
 * The -x options are spectrace's (ktr_mask...) and go through the same
 * ktr_setup(), so the driver creates or joins the pins as spectrace does.
 * Exit status 0, 1 on error, 2 on usage.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "ktr.h"
#include "ktrfmt.h"
#include "opt.h"
#include "spt_ktr_test.skel.h"

static int usage(void)
{
	fprintf(stderr, "usage: ktr_drive [-x ktr_opt=value]... seq CPU CLASSES COUNT [BASE]\n"
			"       ktr_drive [-x ktr_opt=value]... conv CPU CLASSES\n"
			"       ktr_drive [-x ktr_opt=value]... bench CPU CLASSES COUNT\n");
	return 2;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/*
 * One test run on CPU; *NS gets its wall time (raw_tp test runs report no
 * duration), which includes the IPI: large counts make that negligible.
 */
static int run_on(struct spt_ktr_test *skel, unsigned int cpu, uint64_t *ns)
{
	LIBBPF_OPTS(bpf_test_run_opts, ro, .flags = BPF_F_TEST_RUN_ON_CPU, .cpu = cpu);
	uint64_t t0 = now_ns();

	if (bpf_prog_test_run_opts(bpf_program__fd(skel->progs.spt_ktr_test), &ro)) {
		fprintf(stderr, "ktr_drive: test run on CPU %u: %s\n", cpu, strerror(errno));
		return -errno;
	}
	if (ns)
		*ns = now_ns() - t0;
	return 0;
}

static int bench(struct spt_ktr_test *skel, unsigned int cpu, __u32 count)
{
	uint64_t on, off;
	__u32 mask;
	struct ktr w, *k = &w;
	char err[512];

	/* The tracer's view may be read-only; the mask is flipped through our own. */
	if (ktr_open(&w, ktr_dir(), KTR_OPEN_WRITE, NULL, stderr, err, sizeof(err))) {
		fprintf(stderr, "ktr_drive: %s\n", err);
		return 1;
	}
	mask = __atomic_load_n(&k->ctl->mask, __ATOMIC_ACQUIRE);

	/* The class enabled, then masked off; both include a bpf_loop callback. */
	skel->bss->spt_ktrt_count = count;
	__atomic_store_n(&k->ctl->mask, SPT_KTR_ALL, __ATOMIC_RELEASE);
	if (run_on(skel, cpu, &on))
		goto fail;
	__atomic_store_n(&k->ctl->mask, 0, __ATOMIC_RELEASE);
	if (run_on(skel, cpu, &off))
		goto fail;
	__atomic_store_n(&k->ctl->mask, mask, __ATOMIC_RELEASE);
	ktr_close(&w);
	printf("enabled %.1f ns, masked off %.1f ns per CTR (bpf_loop included)\n",
	       (double)on / count, (double)off / count);
	return 0;
fail:
	__atomic_store_n(&k->ctl->mask, mask, __ATOMIC_RELEASE);
	ktr_close(&w);
	return 1;
}

int main(int argc, char **argv)
{
	struct spt_ktr_test *skel;
	struct opts o;
	struct ktr k;
	char err[512];
	unsigned int cpu;
	__u32 cls;
	int i = 1, ret = 1;

	opt_init(&o);
	while (i + 1 < argc && !strcmp(argv[i], "-x")) {
		const char *eq = strchr(argv[i + 1], '=');
		char name[32];

		if (!eq || (size_t)(eq - argv[i + 1]) >= sizeof(name))
			return usage();
		memcpy(name, argv[i + 1], (size_t)(eq - argv[i + 1]));
		name[eq - argv[i + 1]] = '\0';
		if (opt_set(&o, name, eq + 1, err, sizeof(err))) {
			fprintf(stderr, "ktr_drive: -x %s: %s\n", argv[i + 1], err);
			return 2;
		}
		i += 2;
	}
	if (argc - i < 3 || ktrfmt_parse_mask(argv[i + 2], &cls))
		return usage();
	cpu = (unsigned int)strtoul(argv[i + 1], NULL, 10);

	skel = spt_ktr_test__open();
	if (!skel) {
		fprintf(stderr, "ktr_drive: cannot open the test object: %s\n", strerror(errno));
		return 1;
	}
	memset(&k, 0, sizeof(k));
	if (ktr_setup(&k, skel->obj, &o.ktr, stderr, err, sizeof(err))) {
		fprintf(stderr, "ktr_drive: %s\n", err);
		goto out;
	}
	if (!k.active) {
		fprintf(stderr, "ktr_drive: no KTR recorder pinned at %s\n", ktr_dir());
		goto out;
	}
	if (spt_ktr_test__load(skel)) {
		fprintf(stderr, "ktr_drive: cannot load the test object: %s\n", strerror(errno));
		goto out;
	}
	skel->bss->spt_ktrt_cls = cls;
	if (!strcmp(argv[i], "seq") && argc - i >= 4) {
		skel->bss->spt_ktrt_variant = 0;
		skel->bss->spt_ktrt_count = (__u32)strtoul(argv[i + 3], NULL, 10);
		skel->bss->spt_ktrt_base = argc - i >= 5 ? strtoull(argv[i + 4], NULL, 10) : 0;
		ret = run_on(skel, cpu, NULL) ? 1 : 0;
	} else if (!strcmp(argv[i], "conv")) {
		skel->bss->spt_ktrt_variant = 1;
		ret = run_on(skel, cpu, NULL) ? 1 : 0;
	} else if (!strcmp(argv[i], "bench") && argc - i >= 4) {
		ret = bench(skel, cpu, (__u32)strtoul(argv[i + 3], NULL, 10));
	} else {
		ret = usage();
	}
out:
	spt_ktr_test__destroy(skel);
	ktr_close(&k);
	return ret;
}
