/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * The KTR flight recorder, user side: creates and checks the maps pinned
 * under bpffs, hands them to BPF objects before load, writes the run-time
 * settings, and reads the per-CPU buffers for ktrdump and ktr_verbose.
 *
 * Invariants:
 * - Pins are created only on request (a -x ktr_* option, ktrdump --set),
 *   mode 0600 in a 0700 directory, control map last; pins of another ABI
 *   version or layout are never used, never silently replaced.
 * - Events are read from a read-only mapping between two reads of their
 *   seq (acquire, then again after an acquire fence); an event is shown
 *   only when both reads give the seq its slot must hold, so a slot that
 *   is being rewritten is skipped, never shown torn.
 * - Nothing here writes an event or a format; the logging programs do.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/magic.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>

#include "ktr.h"
#include "ktrfmt.h"
#include "diag.h"

#define BPFFS_ROOT "/sys/fs/bpf"
#define FMT_CACHE_SLOTS 4096 /* power of two, > 2 * SPT_KTR_MAX_FMTS */

struct ktr_fmt_slot {
	uint32_t id;
	int state; /* 0 empty, 1 found, 2 not in the map */
	struct spt_ktr_fmt f;
};

static const char *const pin_names[] = { SPT_KTR_CTL_NAME, SPT_KTR_BUF_NAME, SPT_KTR_FMT_NAME };

const char *ktr_dir(void)
{
	return spt_ktr_default_dir();
}

static size_t page_round(size_t n)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);

	return (n + pg - 1) / pg * pg;
}

static int is_bpffs(const char *path)
{
	struct statfs st;

	return !statfs(path, &st) && st.f_type == BPF_FS_MAGIC;
}

/*
 * Make sure DIR's parent is a bpffs (mounting one on /sys/fs/bpf when
 * CREATE and nothing is mounted there) and, with CREATE, that DIR exists.
 */
static int ensure_dir(const char *dir, int create, char *err, size_t errlen)
{
	char parent[PATH_MAX];
	char *slash;
	size_t n;

	if (snprintf(parent, sizeof(parent), "%s", dir) >= (int)sizeof(parent)) {
		snprintf(err, errlen, "pin directory name too long");
		return -ENAMETOOLONG;
	}
	n = strlen(parent);
	while (n > 1 && parent[n - 1] == '/')
		parent[--n] = '\0';
	slash = strrchr(parent, '/');
	if (!slash || slash == parent) {
		snprintf(err, errlen, "%s is not a directory on a bpf filesystem", dir);
		return -EINVAL;
	}
	*slash = '\0';
	if (!is_bpffs(parent)) {
		if (!create) {
			snprintf(err, errlen,
				 "no KTR buffers pinned at %s (no bpf filesystem on %s)", dir,
				 parent);
			return -ENOENT;
		}
		if (strcmp(parent, BPFFS_ROOT)) {
			snprintf(err, errlen, "%s is not on a bpf filesystem", parent);
			return -ENOTDIR;
		}
		if (mount("bpf", BPFFS_ROOT, "bpf", 0, "mode=0700")) {
			int ret = -errno;

			snprintf(err, errlen,
				 "cannot mount a bpf filesystem on %s: %s (mount -t bpf bpf %s)",
				 BPFFS_ROOT, strerror(errno), BPFFS_ROOT);
			return ret;
		}
	}
	if (create && mkdir(dir, 0700) && errno != EEXIST) {
		int ret = -errno;

		snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno));
		return ret;
	}
	return 0;
}

static int pin(int fd, const char *dir, const char *name, char *err, size_t errlen)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (bpf_obj_pin(fd, path)) {
		int ret = -errno;

		if (ret != -EEXIST)
			snprintf(err, errlen, "cannot pin %s: %s", path, strerror(errno));
		return ret;
	}
	/* The kernel applies the umask; the recorder is root's alone. */
	chmod(path, 0600);
	return 0;
}

static int unpin(const char *dir, const char *name)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (unlink(path))
		return errno == ENOENT ? 0 : -errno;
	return 1;
}

static int create_map(enum bpf_map_type type, const char *name, __u32 value_size, __u32 max_entries,
		      __u32 flags, char *err, size_t errlen)
{
	LIBBPF_OPTS(bpf_map_create_opts, mo, .map_flags = flags);
	int fd = bpf_map_create(type, name, 4, value_size, max_entries, &mo);

	if (fd < 0) {
		fd = -errno;
		snprintf(err, errlen, "cannot create map %s: %s", name, strerror(errno));
	}
	return fd;
}

static void cpuset_all(uint64_t *set, int ncpus)
{
	int c;

	memset(set, 0, KTR_CPUSET_WORDS * sizeof(*set));
	for (c = 0; c < ncpus && c < SPT_KTR_MAX_CPUS; c++)
		set[c / 64] |= 1ULL << (c % 64);
}

/*
 * Create and pin the maps in DIR for CAPACITY events per CPU; the format
 * map only when WITH_FMT. Settings are the defaults, or those of OLD. The
 * control map is pinned last, so whoever sees it sees a complete recorder.
 * Returns 0, -EEXIST when someone else pinned first, or -errno.
 */
static int create_pins(const char *dir, uint32_t capacity, int with_fmt,
		       const struct spt_ktr_ctl *old, char *err, size_t errlen)
{
	struct spt_ktr_ctl *ctl;
	int ncpus = libbpf_num_possible_cpus();
	int fd, ret;
	size_t len;

	if (ncpus <= 0 || ncpus > SPT_KTR_MAX_CPUS) {
		snprintf(err, errlen, "%d possible CPUs, KTR supports 1 to %d", ncpus,
			 SPT_KTR_MAX_CPUS);
		return -ERANGE;
	}
	if (with_fmt) {
		fd = create_map(BPF_MAP_TYPE_HASH, SPT_KTR_FMT_NAME, sizeof(struct spt_ktr_fmt),
				SPT_KTR_MAX_FMTS, 0, err, errlen);
		if (fd < 0)
			return fd;
		ret = pin(fd, dir, SPT_KTR_FMT_NAME, err, errlen);
		close(fd);
		if (ret)
			return ret;
	}
	fd = create_map(BPF_MAP_TYPE_ARRAY, SPT_KTR_BUF_NAME, sizeof(struct spt_ktr_entry),
			(__u32)ncpus * capacity, BPF_F_MMAPABLE, err, errlen);
	if (fd < 0)
		return fd;
	ret = pin(fd, dir, SPT_KTR_BUF_NAME, err, errlen);
	close(fd);
	if (ret)
		return ret;

	fd = create_map(BPF_MAP_TYPE_ARRAY, SPT_KTR_CTL_NAME, sizeof(*ctl), 1, BPF_F_MMAPABLE, err,
			errlen);
	if (fd < 0)
		return fd;
	len = page_round(sizeof(*ctl));
	ctl = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (ctl == MAP_FAILED) {
		ret = -errno;
		snprintf(err, errlen, "cannot map %s: %s", SPT_KTR_CTL_NAME, strerror(errno));
		close(fd);
		return ret;
	}
	ctl->abi = SPT_KTR_ABI_VERSION;
	ctl->entry_size = sizeof(struct spt_ktr_entry);
	ctl->fmt_size = sizeof(struct spt_ktr_fmt);
	ctl->ncpus = (__u32)ncpus;
	ctl->capacity = capacity;
	ctl->entries = capacity < SPT_KTR_DEFAULT_ENTRIES ? capacity : SPT_KTR_DEFAULT_ENTRIES;
	cpuset_all((uint64_t *)ctl->cpumask, ncpus);
	if (old) {
		ctl->mask = old->mask;
		ctl->verbose = old->verbose;
		memcpy(ctl->cpumask, old->cpumask, sizeof(ctl->cpumask));
	}
	munmap(ctl, len);
	ret = pin(fd, dir, SPT_KTR_CTL_NAME, err, errlen);
	close(fd);
	return ret;
}

static uint32_t wanted_capacity(const struct ktr_opts *o)
{
	if (o && (o->set & KTR_OPT_ENTRIES) && o->entries > SPT_KTR_DEFAULT_ENTRIES)
		return o->entries;
	return SPT_KTR_DEFAULT_ENTRIES;
}

static int map_views(struct ktr *k, int writable, char *err, size_t errlen)
{
	void *m;

	k->ctl_len = page_round(sizeof(*k->ctl));
	m = mmap(NULL, k->ctl_len, writable ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED,
		 k->pins.ctl_fd, 0);
	if (m == MAP_FAILED) {
		int ret = -errno;

		snprintf(err, errlen, "cannot map the KTR control map: %s", strerror(-ret));
		return ret;
	}
	k->ctl = m;
	k->buf_len =
		page_round((size_t)k->pins.ncpus * k->pins.capacity * sizeof(struct spt_ktr_entry));
	m = mmap(NULL, k->buf_len, PROT_READ, MAP_SHARED, k->pins.buf_fd, 0);
	if (m == MAP_FAILED) {
		int ret = -errno;

		snprintf(err, errlen, "cannot map the KTR buffers: %s", strerror(-ret));
		return ret;
	}
	k->buf = m;
	return 0;
}

static uint64_t head_of(const struct ktr *k, uint32_t cpu)
{
	return __atomic_load_n(&k->ctl->cpu[cpu].head, __ATOMIC_ACQUIRE);
}

int ktr_open(struct ktr *k, const char *dir, int flags, const struct ktr_opts *o, FILE *msg,
	     char *err, size_t errlen)
{
	int create = flags & KTR_OPEN_CREATE;
	struct spt_ktr_ctl old;
	char why[200] = "";
	uint32_t cap = wanted_capacity(o), c;
	int ret, tries;

	memset(k, 0, sizeof(*k));
	k->pins.ctl_fd = k->pins.buf_fd = k->pins.fmt_fd = -1;
	ret = ensure_dir(dir, create, err, errlen);
	if (ret)
		return ret;
	for (tries = 0;; tries++) {
		ret = spt_ktr_pins_open(&k->pins, dir, why, sizeof(why));
		if (ret == -ENOENT && create && tries < 3) {
			ret = create_pins(dir, cap, 1, NULL, err, errlen);
			if (ret && ret != -EEXIST)
				return ret;
			continue;
		}
		if (ret == -ENOENT) {
			snprintf(err, errlen, "no KTR buffers pinned at %s", dir);
			return ret;
		}
		if (ret == -EPROTO) {
			snprintf(
				err, errlen,
				"unusable KTR maps pinned at %s: %s (remove them with 'spectrace ktrdump --clear')",
				dir, why);
			return ret;
		}
		if (ret) {
			snprintf(err, errlen, "cannot open the KTR maps pinned at %s: %s", dir,
				 strerror(-ret));
			return ret;
		}
		if (!create || k->pins.capacity >= cap || tries >= 3)
			break;
		/* More entries than the buffers hold: new buffers, same formats and settings. */
		ret = map_views(k, 0, err, errlen);
		if (ret) {
			k->active = 1;
			ktr_close(k);
			return ret;
		}
		memcpy(&old, k->ctl, offsetof(struct spt_ktr_ctl, cpu));
		munmap(k->ctl, k->ctl_len);
		munmap((void *)k->buf, k->buf_len);
		k->ctl = NULL;
		k->buf = NULL;
		spt_ktr_pins_close(&k->pins);
		unpin(dir, SPT_KTR_CTL_NAME);
		unpin(dir, SPT_KTR_BUF_NAME);
		ret = create_pins(dir, cap, 0, &old, err, errlen);
		if (ret && ret != -EEXIST)
			return ret;
		if (msg)
			fprintf(msg,
				"%s: KTR buffers at %s enlarged to %u entries per CPU; their earlier events are discarded\n",
				spt_progname, dir, cap);
	}
	ret = map_views(k, flags & KTR_OPEN_WRITE, err, errlen);
	if (!ret) {
		k->seen = calloc(k->pins.ncpus, sizeof(*k->seen));
		k->fmts = calloc(FMT_CACHE_SLOTS, sizeof(*k->fmts));
		if (!k->seen || !k->fmts) {
			snprintf(err, errlen, "out of memory");
			ret = -ENOMEM;
		}
	}
	if (ret) {
		k->active = 1;
		ktr_close(k);
		return ret;
	}
	for (c = 0; c < k->pins.ncpus; c++)
		k->seen[c] = head_of(k, c);
	k->active = 1;
	return 0;
}

void ktr_apply(struct ktr *k, const struct ktr_opts *o)
{
	struct spt_ktr_ctl *ctl = k->ctl;
	int i;

	if (!k->active)
		return;
	if (o->set & KTR_OPT_ENTRIES) {
		uint32_t n = o->entries;

		if (n > k->pins.capacity)
			n = k->pins.capacity;
		__atomic_store_n(&ctl->entries, n ? n : 1, __ATOMIC_RELEASE);
	}
	if (o->set & KTR_OPT_CPUMASK)
		for (i = 0; i < KTR_CPUSET_WORDS; i++)
			__atomic_store_n(&ctl->cpumask[i], o->cpumask[i], __ATOMIC_RELEASE);
	if (o->set & KTR_OPT_VERBOSE)
		__atomic_store_n(&ctl->verbose, o->verbose, __ATOMIC_RELEASE);
	/* The mask last: what it enables runs with the settings above. */
	if (o->set & KTR_OPT_MASK)
		__atomic_store_n(&ctl->mask, o->mask, __ATOMIC_RELEASE);
}

int ktr_setup(struct ktr *k, struct bpf_object *obj, const struct ktr_opts *o, FILE *msg, char *err,
	      size_t errlen)
{
	const char *dir = ktr_dir();
	int ret;

	if (o->set) {
		ret = ktr_open(k, dir, KTR_OPEN_CREATE | KTR_OPEN_WRITE, o, msg, err, errlen);
		if (ret)
			return ret;
		ktr_apply(k, o);
	} else {
		char why[PATH_MAX + 200];

		/* The recorder persists across runs: join it when it is there. */
		ret = ktr_open(k, dir, 0, o, msg, why, sizeof(why));
		if (ret == -ENOENT)
			return 0;
		if (ret) {
			if (msg)
				fprintf(msg, "%s: KTR is off for this run: %s\n", spt_progname,
					why);
			return 0;
		}
	}
	ret = spt_ktr_pins_give(&k->pins, obj);
	if (ret) {
		snprintf(err, errlen, "cannot log into the KTR maps: %s", strerror(-ret));
		ktr_close(k);
	}
	return ret;
}

void ktr_close(struct ktr *k)
{
	if (!k->active)
		return;
	if (k->ctl)
		munmap(k->ctl, k->ctl_len);
	if (k->buf)
		munmap((void *)k->buf, k->buf_len);
	spt_ktr_pins_close(&k->pins);
	free(k->seen);
	free(k->fmts);
	memset(k, 0, sizeof(*k));
}

int ktr_clear(const char *dir, char *err, size_t errlen)
{
	size_t i;
	int n = 0, ret;

	for (i = 0; i < sizeof(pin_names) / sizeof(pin_names[0]); i++) {
		ret = unpin(dir, pin_names[i]);
		if (ret < 0) {
			snprintf(err, errlen, "cannot remove %s/%s: %s", dir, pin_names[i],
				 strerror(-ret));
			return ret;
		}
		n += ret;
	}
	rmdir(dir); /* only when empty: someone else's pins stay */
	return n;
}

size_t ktr_read_cpu(const struct spt_ktr_entry *region, uint64_t entries, uint64_t head,
		    uint64_t after, uint32_t cpu, struct ktr_event *out, uint64_t *upto)
{
	uint64_t seq, lo = head > entries ? head - entries : 0;
	size_t n = 0;
	int i;

	if (upto)
		*upto = head;
	if (!entries)
		return 0;
	if (after > lo)
		lo = after;
	for (seq = lo + 1; seq <= head; seq++) {
		const struct spt_ktr_entry *e = &region[(seq - 1) % entries];
		struct ktr_event *ev = &out[n];
		uint64_t s = __atomic_load_n(&e->seq, __ATOMIC_ACQUIRE);

		if (s != seq) {
			/* Reserved, not yet published: the echo waits for it. */
			if (s < seq && upto) {
				*upto = seq - 1;
				break;
			}
			continue;
		}
		ev->seq = seq;
		ev->cpu = cpu;
		ev->ts = __atomic_load_n(&e->ts, __ATOMIC_RELAXED);
		ev->fmt = __atomic_load_n(&e->fmt, __ATOMIC_RELAXED);
		ev->cls = __atomic_load_n(&e->cls, __ATOMIC_RELAXED);
		for (i = 0; i < SPT_KTR_NARGS; i++)
			ev->args[i] = __atomic_load_n(&e->args[i], __ATOMIC_RELAXED);
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (__atomic_load_n(&e->seq, __ATOMIC_RELAXED) != seq)
			continue; /* rewritten while we copied it */
		n++;
	}
	return n;
}

static int event_cmp(const void *a, const void *b)
{
	const struct ktr_event *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	if (x->seq != y->seq)
		return x->seq < y->seq ? -1 : 1;
	return 0;
}

void ktr_sort(struct ktr_event *ev, size_t n)
{
	if (n > 1)
		qsort(ev, n, sizeof(*ev), event_cmp);
}

static uint64_t entries_of(const struct ktr *k)
{
	uint64_t n = __atomic_load_n(&k->ctl->entries, __ATOMIC_ACQUIRE);

	/* The same clamp as spt_ktr_log(), or slots would not match. */
	if (!n || n > k->pins.capacity)
		n = k->pins.capacity;
	return n;
}

int ktr_collect(struct ktr *k, const uint64_t *after, struct ktr_event **ev, size_t *n,
		uint64_t *upto)
{
	uint64_t entries = entries_of(k), *heads, total = 0;
	struct ktr_event *out;
	uint32_t c;
	size_t got = 0;

	*ev = NULL;
	*n = 0;
	heads = calloc(k->pins.ncpus, sizeof(*heads));
	if (!heads)
		return -ENOMEM;
	for (c = 0; c < k->pins.ncpus; c++) {
		uint64_t from = after ? after[c] : 0, avail;

		heads[c] = head_of(k, c);
		avail = heads[c] > from ? heads[c] - from : 0;
		total += avail < entries ? avail : entries;
	}
	out = malloc((total ? total : 1) * sizeof(*out));
	if (!out) {
		free(heads);
		return -ENOMEM;
	}
	for (c = 0; c < k->pins.ncpus; c++)
		got += ktr_read_cpu(k->buf + (size_t)c * k->pins.capacity, entries, heads[c],
				    after ? after[c] : 0, c, out + got, upto ? &upto[c] : NULL);
	free(heads);
	ktr_sort(out, got);
	*ev = out;
	*n = got;
	return 0;
}

const struct spt_ktr_fmt *ktr_fmt(struct ktr *k, uint32_t id)
{
	uint32_t h = (id * 2654435761U) & (FMT_CACHE_SLOTS - 1), i;

	if (!id)
		return NULL;
	for (i = 0; i < FMT_CACHE_SLOTS; i++, h = (h + 1) & (FMT_CACHE_SLOTS - 1)) {
		struct ktr_fmt_slot *s = &k->fmts[h];

		if (s->state && s->id != id)
			continue;
		if (!s->state) {
			s->id = id;
			s->state = bpf_map_lookup_elem(k->pins.fmt_fd, &id, &s->f) ? 2 : 1;
		}
		return s->state == 1 ? &s->f : NULL;
	}
	return NULL; /* cache full: cannot happen with at most SPT_KTR_MAX_FMTS ids */
}

size_t ktr_message(struct ktr *k, const struct ktr_event *e, char *out, size_t len)
{
	const struct spt_ktr_fmt *f = ktr_fmt(k, e->fmt);

	if (!f)
		return (size_t)snprintf(
			out, len, "(format %#x not recorded) %#llx %#llx %#llx %#llx %#llx", e->fmt,
			(unsigned long long)e->args[0], (unsigned long long)e->args[1],
			(unsigned long long)e->args[2], (unsigned long long)e->args[3],
			(unsigned long long)e->args[4]);
	return ktrfmt_format(out, len, f->fmt, sizeof(f->fmt), e->args,
			     f->nargs < SPT_KTR_NARGS ? f->nargs : SPT_KTR_NARGS);
}

void ktr_echo(struct ktr *k, FILE *out)
{
	struct ktr_event *ev;
	uint64_t *upto, entries;
	char line[512];
	uint32_t c;
	size_t n, i;

	if (!k->active)
		return;
	if (!__atomic_load_n(&k->ctl->verbose, __ATOMIC_ACQUIRE)) {
		/* Turned on later, the echo starts from then, not from the backlog. */
		for (c = 0; c < k->pins.ncpus; c++)
			k->seen[c] = head_of(k, c);
		return;
	}
	entries = entries_of(k);
	for (c = 0; c < k->pins.ncpus; c++) {
		uint64_t head = head_of(k, c), lo = head > entries ? head - entries : 0;

		if (k->seen[c] < lo) {
			fprintf(out,
				"%s: ktr: %llu events on CPU %u overwritten before they were echoed\n",
				spt_progname, (unsigned long long)(lo - k->seen[c]), c);
			k->seen[c] = lo;
		}
	}
	upto = calloc(k->pins.ncpus, sizeof(*upto));
	if (!upto || ktr_collect(k, k->seen, &ev, &n, upto)) {
		free(upto);
		return;
	}
	for (i = 0; i < n; i++) {
		ktr_message(k, &ev[i], line, sizeof(line));
		fprintf(out, "%s: ktr: cpu %u: %s\n", spt_progname, ev[i].cpu, line);
	}
	for (c = 0; c < k->pins.ncpus; c++)
		if (upto[c] > k->seen[c])
			k->seen[c] = upto[c];
	free(ev);
	free(upto);
}
