/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * `spectrace ktrdump`: print the KTR flight recorder in ktrdump(8)'s
 * columns, change its settings, or remove it.
 *
 * It only needs the pins: it works while programs log, and after they
 * exited or were killed. Exit status: 0 success, 1 error, 2 usage.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktr.h"
#include "ktrdump.h"
#include "ktrfmt.h"
#include "priv.h"
#include "diag.h"

#define EXIT_USAGE 2

static const char ktrdump_usage_text[] =
	"Usage: spectrace ktrdump [-fHt] [-c cpus] [-m classes]\n"
	"       spectrace ktrdump --set name=value [--set name=value]...\n"
	"       spectrace ktrdump --show | --clear\n"
	"\n"
	"Print the KTR flight recorder: the events of all CPUs merged by time,\n"
	"oldest first, as index (the event's number on its CPU), cpu, timestamp\n"
	"and message.\n"
	"\n"
	"  -c cpus         only events of these CPUs: \"1\", \"0,2-3\"\n"
	"  -m classes      only events of these classes: \"BUF,SPEC\", \"0x6\"\n"
	"  -t              raw timestamps (ns) instead of seconds\n"
	"  -H              print a header line\n"
	"  -f              print the file and line of each event's CTR call\n"
	"  --set name=value\n"
	"                  set ktr_mask, ktr_cpumask, ktr_entries or ktr_verbose;\n"
	"                  running programs follow at once; creates the recorder\n"
	"                  when there is none\n"
	"  --show          print the settings\n"
	"  --clear         remove the recorder\n"
	"  -h, --help      print this help and exit\n"
	"\n"
	"Classes: GEN DISPATCH BUF DROP SPEC CLEAN FAULT AGG TEST USER0..USER15 ALL.\n"
	"The recorder is pinned in /sys/fs/bpf/spectrace ($SPECTRACE_KTR_DIR\n"
	"overrides), so events survive the programs that logged them.\n";

struct ktrdump_args {
	uint64_t cpus[KTR_CPUSET_WORDS];
	uint32_t classes;
	int raw_ts;
	int header;
	int fileline;
	int show;
	int clear;
	struct ktr_opts set;
};

__attribute__((format(printf, 1, 2))) static void ktrdump_err(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", spt_progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static int ktrdump_parse(struct ktrdump_args *a, int argc, char **argv)
{
	enum { OPT_SET = 256, OPT_SHOW, OPT_CLEAR };
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "set", required_argument, NULL, OPT_SET },
		{ "show", no_argument, NULL, OPT_SHOW },
		{ "clear", no_argument, NULL, OPT_CLEAR },
		{ NULL, 0, NULL, 0 },
	};
	char name[32], err[128];
	const char *eq;
	int c;

	memset(a, 0, sizeof(*a));
	memset(a->cpus, 0xff, sizeof(a->cpus));
	a->classes = SPT_KTR_ALL;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":c:fHhm:t", longopts, NULL)) != -1) {
		switch (c) {
		case 'c':
			if (ktrfmt_parse_cpus(optarg, a->cpus)) {
				ktrdump_err("invalid CPU list -c %s", optarg);
				return -EINVAL;
			}
			break;
		case 'f':
			a->fileline = 1;
			break;
		case 'H':
			a->header = 1;
			break;
		case 'h':
			fputs(ktrdump_usage_text, stdout);
			exit(0);
		case 'm':
			if (ktrfmt_parse_mask(optarg, &a->classes)) {
				ktrdump_err("invalid class mask -m %s", optarg);
				return -EINVAL;
			}
			break;
		case 't':
			a->raw_ts = 1;
			break;
		case OPT_SET:
			eq = strchr(optarg, '=');
			if (!eq || (size_t)(eq - optarg) >= sizeof(name)) {
				ktrdump_err("failed to set --set %s: expected name=value", optarg);
				return -EINVAL;
			}
			memcpy(name, optarg, (size_t)(eq - optarg));
			name[eq - optarg] = '\0';
			if (ktrfmt_set(&a->set, name, eq + 1, err, sizeof(err))) {
				ktrdump_err("failed to set --set %s: %s", optarg, err);
				return -EINVAL;
			}
			break;
		case OPT_SHOW:
			a->show = 1;
			break;
		case OPT_CLEAR:
			a->clear = 1;
			break;
		case ':':
			ktrdump_err("option -%c requires an argument (see ktrdump --help)", optopt);
			return -EINVAL;
		default:
			if (optopt)
				ktrdump_err("illegal option -- %c (see ktrdump --help)", optopt);
			else
				ktrdump_err("illegal option -- %s (see ktrdump --help)",
					    argv[optind - 1]);
			return -EINVAL;
		}
	}
	if (optind < argc) {
		ktrdump_err("unexpected argument '%s' (see ktrdump --help)", argv[optind]);
		return -EINVAL;
	}
	if (a->clear + a->show + !!a->set.set > 1) {
		ktrdump_err("--set, --show and --clear go alone (see ktrdump --help)");
		return -EINVAL;
	}
	return 0;
}

static void ktrdump_show(struct ktr *k, FILE *out)
{
	char buf[512];

	ktrfmt_mask_str(__atomic_load_n(&k->ctl->mask, __ATOMIC_ACQUIRE), buf, sizeof(buf));
	fprintf(out, "ktr_mask=%s\n", buf);
	ktrfmt_cpus_str((const uint64_t *)k->ctl->cpumask, buf, sizeof(buf));
	fprintf(out, "ktr_cpumask=%s\n", buf);
	fprintf(out, "ktr_entries=%u\n", __atomic_load_n(&k->ctl->entries, __ATOMIC_ACQUIRE));
	fprintf(out, "ktr_verbose=%u\n", __atomic_load_n(&k->ctl->verbose, __ATOMIC_ACQUIRE));
	fprintf(out, "# %u CPUs, room for %u entries per CPU, KTR ABI %u\n", k->pins.ncpus,
		k->pins.capacity, k->ctl->abi);
}

static int cpu_wanted(const struct ktrdump_args *a, uint32_t cpu)
{
	return cpu < SPT_KTR_MAX_CPUS && (a->cpus[cpu / 64] >> (cpu % 64)) & 1;
}

static void ktrdump_print(struct ktr *k, const struct ktrdump_args *a, FILE *out)
{
	struct ktr_event *ev;
	char msg[1024], ts[32], where[SPT_KTR_FILE_LEN + 16];
	uint64_t lost;
	size_t n, i;

	if (ktr_collect(k, NULL, &ev, &n, NULL)) {
		ktrdump_err("out of memory");
		return;
	}
	if (a->header) {
		if (a->fileline)
			fprintf(out, "%8s %3s %20s %-24s %s\n", "index", "cpu", "timestamp",
				"file:line", "trace");
		else
			fprintf(out, "%8s %3s %20s %s\n", "index", "cpu", "timestamp", "trace");
	}
	for (i = 0; i < n; i++) {
		const struct ktr_event *e = &ev[i];

		if (!cpu_wanted(a, e->cpu) || !(e->cls & a->classes))
			continue;
		ktr_message(k, e, msg, sizeof(msg));
		if (a->raw_ts)
			snprintf(ts, sizeof(ts), "%llu", (unsigned long long)e->ts);
		else
			snprintf(ts, sizeof(ts), "%llu.%09llu",
				 (unsigned long long)(e->ts / 1000000000ULL),
				 (unsigned long long)(e->ts % 1000000000ULL));
		fprintf(out, "%8llu %3u %20s ", (unsigned long long)(e->seq - 1), e->cpu, ts);
		if (a->fileline) {
			const struct spt_ktr_fmt *f = ktr_fmt(k, e->fmt);

			if (f)
				snprintf(where, sizeof(where), "%.*s:%u",
					 (int)strnlen(f->file, sizeof(f->file)), f->file, f->line);
			else
				snprintf(where, sizeof(where), "?");
			fprintf(out, "%-24s ", where);
		}
		fprintf(out, "%s\n", msg);
	}
	free(ev);
	lost = __atomic_load_n(&k->ctl->fmt_lost, __ATOMIC_ACQUIRE);
	if (lost)
		ktrdump_err(
			"%llu events were logged without their format (the format table is full; 'spectrace ktrdump --clear' empties it)",
			(unsigned long long)lost);
}

int ktrdump_main(int argc, char **argv)
{
	struct ktrdump_args a;
	const char *dir = ktr_dir();
	char err[512];
	struct ktr k;
	int ret;

	if (ktrdump_parse(&a, argc, argv))
		return EXIT_USAGE;
	if (priv_check(PRIV_KTR, err, sizeof(err))) {
		ktrdump_err("%s", err);
		return EXIT_USAGE;
	}
	if (a.clear) {
		ret = ktr_clear(dir, err, sizeof(err));
		if (ret < 0) {
			ktrdump_err("%s", err);
			return 1;
		}
		return 0;
	}
	ret = ktr_open(&k, dir, a.set.set ? KTR_OPEN_CREATE | KTR_OPEN_WRITE : 0, &a.set, stderr,
		       err, sizeof(err));
	if (ret) {
		ktrdump_err("%s", err);
		return 1;
	}
	if (a.set.set)
		ktr_apply(&k, &a.set);
	else if (a.show)
		ktrdump_show(&k, stdout);
	else
		ktrdump_print(&k, &a, stdout);
	ktr_close(&k);
	if (fflush(stdout) || ferror(stdout))
		return 1;
	return 0;
}
