/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Processes: -c commands, -p processes, system() commands.
 *
 * A -c command is forked before the D program is compiled (so $target is
 * its pid) and blocks on a pipe before its exec until tracing is on: none
 * of its events is missed. A -p process is held by a pidfd, which becomes
 * readable when it exits (a zombie included) and never names another
 * process that reused the pid. Tracing ends once every one of them has
 * exited (proc_poll() says how many still run); as in dtrace-utils, their
 * ends are not reported.
 *
 * A -c command is also seized with ptrace (PTRACE_O_TRACEEXIT, and
 * PTRACE_O_TRACEFORK and PTRACE_O_TRACEVFORK so that every process it
 * starts, and they start, is seized as it is created), so each stops once
 * when it exits, before its memory is unmapped: proc_poll() calls at_exit
 * (the consumer reads the mappings of its user stacks, whose symbols then
 * outlive it) and lets it go on. A signal stops a seized process until
 * proc_poll() passes it on, as a debugger does; a group stop (SIGSTOP) is
 * kept with PTRACE_LISTEN. Threads are not followed (they share the
 * process's mappings). Every stop sends us SIGCHLD, whose handler sets
 * proc_woken, which cuts the consumer's sleep short (nanosleep is never
 * restarted) so a stopped process waits for one poll only. Where ptrace
 * is refused the command simply runs untraced.
 *
 * Invariant: nothing created here outlives spectrace. A -c command still
 * running when tracing ends is killed and reaped; system() waits for its
 * command.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wordexp.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "proc.h"
#include "diag.h"

extern char **environ;

volatile sig_atomic_t proc_woken;

static void on_sigchld(int sig)
{
	(void)sig;
	proc_woken = 1;
}

void proc_init(struct proc_set *ps)
{
	memset(ps, 0, sizeof(*ps));
}

/* A new seized descendant; its stops are ours to pass on until it exits. */
static void desc_add(struct proc_set *ps, int pid)
{
	if (ps->ndesc == ps->capdesc) {
		size_t cap = ps->capdesc ? ps->capdesc * 2 : 16;
		int *nv = realloc(ps->desc, cap * sizeof(*nv));

		if (!nv) {
			/* cannot follow it: let it run on its own */
			ptrace(PTRACE_DETACH, pid, 0, 0);
			return;
		}
		ps->desc = nv;
		ps->capdesc = cap;
	}
	ps->desc[ps->ndesc++] = pid;
}

static struct proc *proc_add(struct proc_set *ps)
{
	if (ps->n == ps->cap) {
		size_t cap = ps->cap ? ps->cap * 2 : 4;
		struct proc *nv = realloc(ps->v, cap * sizeof(*nv));

		if (!nv)
			return NULL;
		ps->v = nv;
		ps->cap = cap;
	}
	memset(&ps->v[ps->n], 0, sizeof(ps->v[0]));
	ps->v[ps->n].go = -1;
	ps->v[ps->n].pidfd = -1;
	return &ps->v[ps->n++];
}

/*
 * Where execvp() would find FILE: 0, or -errno as execvp would fail
 * (ENOENT: not found; EACCES: found, not executable).
 */
static int find_exec(const char *file)
{
	const char *path = getenv("PATH"), *p, *end;
	char buf[4096];
	int ret = -ENOENT;

	if (strchr(file, '/'))
		return access(file, X_OK) ? -errno : 0;
	if (!path)
		path = "/bin:/usr/bin";
	for (p = path;; p = end + 1) {
		int n;

		end = strchrnul(p, ':');
		n = snprintf(buf, sizeof(buf), "%.*s%s%s", (int)(end - p), p, end > p ? "/" : "",
			     file);
		if (n > 0 && (size_t)n < sizeof(buf)) {
			struct stat st;

			if (!stat(buf, &st) && S_ISREG(st.st_mode)) {
				if (!access(buf, X_OK))
					return 0;
				ret = -EACCES;
			}
		}
		if (!*end)
			return ret;
	}
}

int proc_create(struct proc_set *ps, const char *cmd, char *err, size_t errlen)
{
	struct proc *p;
	wordexp_t we;
	int pfd[2], ret;
	pid_t pid;
	char c;

	ret = wordexp(cmd, &we, WRDE_NOCMD);
	if (ret || we.we_wordc == 0) {
		/* An empty command has an (empty) word list, a lack of space part of one. */
		if (!ret || ret == WRDE_NOSPACE)
			wordfree(&we);
		snprintf(err, errlen, "invalid command '%s'", cmd);
		return -EINVAL;
	}
	/* As dtrace: a command that cannot be executed fails the start. */
	ret = find_exec(we.we_wordv[0]);
	if (ret) {
		snprintf(err, errlen, "failed to execute %s: %s", we.we_wordv[0], strerror(-ret));
		wordfree(&we);
		return ret;
	}
	p = proc_add(ps);
	if (!p) {
		wordfree(&we);
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	if (pipe2(pfd, O_CLOEXEC)) {
		ret = -errno;
		snprintf(err, errlen, "cannot create a pipe: %s", strerror(errno));
		goto fail;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		ret = -errno;
		snprintf(err, errlen, "cannot fork: %s", strerror(errno));
		close(pfd[0]);
		close(pfd[1]);
		goto fail;
	}
	if (pid == 0) {
		close(pfd[1]);
		signal(SIGPIPE, SIG_DFL);
		/* Nothing read: the tracer gave up; do not run the command. */
		if (read(pfd[0], &c, 1) != 1)
			_exit(127);
		execvp(we.we_wordv[0], we.we_wordv);
		fprintf(stderr, "%s: failed to execute %s: %s\n", spt_progname, we.we_wordv[0],
			strerror(errno));
		_exit(127);
	}
	close(pfd[0]);
	wordfree(&we);
	/* it blocks on the pipe: seizing it stops nothing; refused, it runs untraced */
	{
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_sigchld;
		sa.sa_flags = SA_RESTART; /* nanosleep is cut short all the same */
		sigemptyset(&sa.sa_mask);
		sigaction(SIGCHLD, &sa, NULL);
	}
	(void)ptrace(PTRACE_SEIZE, pid, 0,
		     (void *)(long)(PTRACE_O_TRACEEXIT | PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK));
	p->pid = pid;
	p->child = 1;
	p->go = pfd[1];
	p->live = 1;
	ps->nlive++;
	return pid;
fail:
	wordfree(&we);
	ps->n--;
	return ret;
}

int proc_grab(struct proc_set *ps, int pid, char *err, size_t errlen)
{
	struct proc *p;
	size_t i;
	int fd;

	for (i = 0; i < ps->n; i++)
		if (ps->v[i].pid == pid)
			return 0;
	fd = (int)syscall(SYS_pidfd_open, pid, 0);
	if (fd < 0) {
		snprintf(err, errlen, "failed to grab pid %d: %s", pid,
			 errno == ESRCH ? "No such process" : strerror(errno));
		return -errno;
	}
	p = proc_add(ps);
	if (!p) {
		close(fd);
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	p->pid = pid;
	p->pidfd = fd;
	p->live = 1;
	ps->nlive++;
	return 0;
}

void proc_release(struct proc_set *ps)
{
	size_t i;

	for (i = 0; i < ps->n; i++) {
		struct proc *p = &ps->v[i];

		if (p->go < 0)
			continue;
		/* A command that cannot be told to start reads EOF and exits 127. */
		if (write(p->go, "g", 1) != 1)
			fprintf(stderr, "%s: cannot start pid %d: %s\n", spt_progname, p->pid,
				strerror(errno));
		close(p->go);
		p->go = -1;
	}
}

/*
 * A ptrace stop of seized process PID: at its exit, AT_EXIT first; at a
 * fork, the new process noted (it starts in a stop of its own, passed on
 * like the others); a signal passed on; a group stop kept.
 */
static void proc_stopped(struct proc_set *ps, int pid, int status)
{
	int sig = WSTOPSIG(status), event = status >> 16;
	unsigned long npid;

	if (sig == SIGTRAP && event == PTRACE_EVENT_EXIT) {
		if (ps->at_exit)
			ps->at_exit(pid, ps->at_exit_arg);
		ptrace(PTRACE_CONT, pid, 0, 0);
	} else if (sig == SIGTRAP && (event == PTRACE_EVENT_FORK || event == PTRACE_EVENT_VFORK)) {
		if (!ptrace(PTRACE_GETEVENTMSG, pid, 0, &npid))
			desc_add(ps, (int)npid);
		ptrace(PTRACE_CONT, pid, 0, 0);
	} else if (event == PTRACE_EVENT_STOP &&
		   (sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU)) {
		/* a group stop: stopped until SIGCONT, as without us */
		ptrace(PTRACE_LISTEN, pid, 0, 0);
	} else if (event == PTRACE_EVENT_STOP) {
		/* the end of a group stop, or a new process's first stop */
		ptrace(PTRACE_CONT, pid, 0, 0);
	} else if (event) {
		ptrace(PTRACE_CONT, pid, 0, 0);
	} else {
		ptrace(PTRACE_CONT, pid, 0, (void *)(long)sig);
	}
}

/*
 * Pass on the stops of seized process PID (__WALL: a descendant is not
 * our child) until it has none: 1 once it has exited (*STATUS set) or is
 * no longer ours to wait for, else 0.
 */
static int seized_gone(struct proc_set *ps, int pid, int *status)
{
	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG | __WALL);

		if (r < 0 && errno != EINTR)
			return 1;
		if (r != pid)
			return 0;
		if (!WIFSTOPPED(*status))
			return 1;
		proc_stopped(ps, pid, *status);
	}
}

/* Has P exited? Sets *STATUS when it was our child. */
static int proc_gone(struct proc_set *ps, struct proc *p, int *status)
{
	struct pollfd pfd = { .fd = p->pidfd, .events = POLLIN };

	if (p->child)
		return seized_gone(ps, p->pid, status);
	return poll(&pfd, 1, 0) == 1 && (pfd.revents & (POLLIN | POLLHUP | POLLERR));
}

/* The descendants' stops passed on; those that exited forgotten. */
static void desc_poll(struct proc_set *ps)
{
	size_t i = 0;
	int status;

	while (i < ps->ndesc) {
		if (seized_gone(ps, ps->desc[i], &status))
			ps->desc[i] = ps->desc[--ps->ndesc];
		else
			i++;
	}
}

size_t proc_poll(struct proc_set *ps)
{
	size_t i;

	proc_woken = 0;

	for (i = 0; i < ps->n; i++) {
		struct proc *p = &ps->v[i];
		int status = 0;

		if (!p->live || !proc_gone(ps, p, &status))
			continue;
		/* dtrace-utils says nothing when a process ends. */
		p->live = 0;
		ps->nlive--;
	}
	/* after the commands: the processes their fork events just noted too */
	desc_poll(ps);
	return ps->nlive;
}

void proc_fini(struct proc_set *ps)
{
	size_t i;

	for (i = 0; i < ps->n; i++) {
		struct proc *p = &ps->v[i];
		int status;

		if (p->go >= 0)
			close(p->go);
		if (p->pidfd >= 0)
			close(p->pidfd);
		if (!p->child || !p->live)
			continue;
		/* killed, it may still stop at its exit once when seized: let it go */
		kill(p->pid, SIGKILL);
		while (waitpid(p->pid, &status, 0) == p->pid && WIFSTOPPED(status))
			ptrace(PTRACE_CONT, p->pid, 0, 0);
	}
	/*
	 * The descendants run on, detached: one in a stop now is let go from
	 * it; a running one is interrupted into a stop first (a stop already
	 * due may come before the interrupt's; each is a place to detach).
	 */
	for (i = 0; i < ps->ndesc; i++) {
		int pid = ps->desc[i], status, tries;

		if (!ptrace(PTRACE_DETACH, pid, 0, 0))
			continue;
		if (ptrace(PTRACE_INTERRUPT, pid, 0, 0))
			continue;
		for (tries = 0; tries < 8; tries++) {
			if (waitpid(pid, &status, __WALL) != pid || !WIFSTOPPED(status))
				break;
			/* a signal's stop: it goes with the process */
			if (!ptrace(PTRACE_DETACH, pid, 0,
				    (void *)(long)((status >> 16) ? 0 : WSTOPSIG(status))))
				break;
		}
	}
	free(ps->desc);
	free(ps->v);
	proc_init(ps);
}

int proc_system(const char *cmd, int fd)
{
	char *argv[] = { "sh", "-c", (char *)cmd, NULL };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t dfl;
	pid_t pid;
	int ret, status;

	/* Our SIGPIPE is ignored (a closed stdout ends tracing); the command's is not. */
	sigemptyset(&dfl);
	sigaddset(&dfl, SIGPIPE);
	ret = posix_spawnattr_init(&attr);
	if (ret)
		return -ret;
	ret = posix_spawnattr_setsigdefault(&attr, &dfl);
	if (!ret)
		ret = posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF);
	if (ret) {
		posix_spawnattr_destroy(&attr);
		return -ret;
	}
	ret = posix_spawn_file_actions_init(&fa);
	if (ret) {
		posix_spawnattr_destroy(&attr);
		return -ret;
	}
	if (fd != STDOUT_FILENO)
		ret = posix_spawn_file_actions_adddup2(&fa, fd, STDOUT_FILENO);
	if (!ret)
		ret = posix_spawn(&pid, "/bin/sh", &fa, &attr, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	if (ret)
		return -ret;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return status;
}
