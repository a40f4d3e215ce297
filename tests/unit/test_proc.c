/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include <criterion/criterion.h>

#include "proc.h"

/* Poll until no process of PS runs (at most about 5 s). */
static size_t poll_until_done(struct proc_set *ps)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	size_t left = ps->nlive;
	int i;

	for (i = 0; i < 500 && left; i++) {
		left = proc_poll(ps);
		if (left)
			nanosleep(&ts, NULL);
	}
	return left;
}

Test(proc, commands_start_on_release_and_end_silently)
{
	char err[256] = "";
	struct proc_set ps;
	int a, b;

	proc_init(&ps);
	a = proc_create(&ps, "sh -c 'exit 4'", err, sizeof(err));
	cr_assert_gt(a, 0, "%s", err);
	b = proc_create(&ps, "true", err, sizeof(err));
	cr_assert_gt(b, 0, "%s", err);
	cr_assert_eq(ps.nlive, 2);
	/* Held before exec: nothing ends until the release. */
	usleep(100 * 1000);
	cr_assert_eq(proc_poll(&ps), 2);
	proc_release(&ps);
	cr_assert_eq(poll_until_done(&ps), 0);
	proc_fini(&ps);
}

/* As dtrace: a command that cannot be executed fails at once. */
Test(proc, command_not_executable)
{
	char err[256] = "";
	struct proc_set ps;

	proc_init(&ps);
	cr_assert_eq(proc_create(&ps, "/nonexistent/spt-cmd a b", err, sizeof(err)), -ENOENT);
	cr_assert_str_eq(err, "failed to execute /nonexistent/spt-cmd: No such file or directory");
	cr_assert_eq(proc_create(&ps, "spt-no-such-command-on-path", err, sizeof(err)), -ENOENT);
	cr_assert_str_eq(
		err, "failed to execute spt-no-such-command-on-path: No such file or directory");
	cr_assert_eq(proc_create(&ps, "/etc/passwd", err, sizeof(err)), -EACCES);
	cr_assert_str_eq(err, "failed to execute /etc/passwd: Permission denied");
	cr_assert_eq(ps.n, 0);
	proc_fini(&ps);
}

Test(proc, fini_kills_what_still_runs)
{
	struct proc_set ps;
	char err[256] = "";
	int pid;

	proc_init(&ps);
	pid = proc_create(&ps, "sleep 100", err, sizeof(err));
	cr_assert_gt(pid, 0, "%s", err);
	proc_release(&ps);
	proc_fini(&ps);
	cr_assert_eq(kill(pid, 0), -1, "reaped");
	cr_assert_eq(errno, ESRCH);
	cr_assert_eq(ps.n, 0);
}

Test(proc, grab)
{
	char err[256] = "";
	struct proc_set ps;
	pid_t pid;
	int status;

	proc_init(&ps);
	cr_assert_eq(proc_grab(&ps, 999999999, err, sizeof(err)), -ESRCH);
	cr_assert_str_eq(err, "failed to grab pid 999999999: No such process");
	pid = fork();
	cr_assert_geq(pid, 0);
	if (pid == 0) {
		usleep(200 * 1000);
		_exit(0);
	}
	cr_assert_eq(proc_grab(&ps, pid, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(proc_grab(&ps, pid, err, sizeof(err)), 0, "a second -p of it");
	cr_assert_eq(ps.n, 1, "is the same process");
	cr_assert_eq(proc_poll(&ps), 1, "still running");
	/* Not reaped here: a zombie has exited too. */
	cr_assert_eq(poll_until_done(&ps), 0);
	proc_fini(&ps);
	cr_assert_eq(waitpid(pid, &status, 0), pid);
}

Test(proc, bad_command)
{
	struct proc_set ps;
	char err[256] = "";

	proc_init(&ps);
	cr_assert_eq(proc_create(&ps, "", err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "invalid command ''");
	cr_assert_eq(proc_create(&ps, "echo $(id)", err, sizeof(err)), -EINVAL,
		     "no command substitution");
	cr_assert_eq(ps.n, 0);
	proc_fini(&ps);
}

Test(proc, system)
{
	int st = proc_system("exit 5", STDOUT_FILENO);

	cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 5, "status %d", st);
	st = proc_system("test \"$(echo a b)\" = 'a b'", STDOUT_FILENO);
	cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "a shell runs it: status %d", st);
	/* Our SIGPIPE may be ignored; the command's is not. */
	signal(SIGPIPE, SIG_IGN);
	st = proc_system("kill -PIPE $$; exit 0", STDOUT_FILENO);
	signal(SIGPIPE, SIG_DFL);
	cr_assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGPIPE, "status %d", st);
}

/* The command's standard output is the descriptor given. */
Test(proc, system_output)
{
	char path[] = "/tmp/spt-test-proc-XXXXXX", buf[16] = "";
	int fd = mkstemp(path), st;
	ssize_t n;

	cr_assert(fd >= 0);
	st = proc_system("echo out; echo err >&2", fd);
	cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "status %d", st);
	n = pread(fd, buf, sizeof(buf) - 1, 0);
	close(fd);
	unlink(path);
	cr_assert_eq(n, 4);
	cr_assert_str_eq(buf, "out\n");
}
