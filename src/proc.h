/* SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0) */
/*
 * Processes: the commands spectrace creates (-c) and the processes it
 * grabs (-p), watched until each has exited; and the shell commands of
 * system().
 */
#ifndef SPT_PROC_H
#define SPT_PROC_H

#include <signal.h>
#include <stddef.h>
#include <stdio.h>

struct proc {
	int pid;
	int child; /* created by -c: ours to start and reap */
	int go;	   /* -c: write end of the pipe it waits on before exec, -1 once released */
	int pidfd; /* -p: readable once the process has exited, -1 for -c */
	int live;  /* not yet seen exiting */
};

/* The processes of -c and -p, in command-line order. */
struct proc_set {
	struct proc *v;
	size_t n;
	size_t cap;
	size_t nlive;
	/*
	 * Called with the pid of a -c command stopped at its exit, its memory
	 * still mapped (the consumer reads the mappings its stacks need);
	 * NULL: none.
	 */
	void (*at_exit)(int pid, void *arg);
	void *at_exit_arg;
	/*
	 * The processes the -c commands started (and theirs), seized with
	 * them as they fork: stopped at their exits for at_exit too; they do
	 * not keep tracing going.
	 */
	int *desc;
	size_t ndesc;
	size_t capdesc;
};

/* A seized process changed state (SIGCHLD) since the last proc_poll(). */
extern volatile sig_atomic_t proc_woken;

void proc_init(struct proc_set *ps);

/*
 * -c: start CMD (split into words as a shell would, without expansions
 * that run anything) in a child that waits before its exec until
 * proc_release(). A command that cannot be executed (not found on PATH,
 * not executable) fails here: "failed to execute CMD: REASON" in ERR.
 * Returns its pid, or -errno with a one-line reason in ERR.
 */
int proc_create(struct proc_set *ps, const char *cmd, char *err, size_t errlen);

/* -p: follow process PID. Returns 0, or -errno with the reason in ERR. */
int proc_grab(struct proc_set *ps, int pid, char *err, size_t errlen);

/* Tracing is on: let the -c commands exec. */
void proc_release(struct proc_set *ps);

/*
 * Note the processes that have exited since the last call (silently, as
 * dtrace-utils), after at_exit for a -c command or one of its
 * descendants stopped at its exit; a signal that stopped one is passed
 * on. Returns the number of -c and -p processes still running.
 */
size_t proc_poll(struct proc_set *ps);

/*
 * Kill and reap the -c commands still running, let their descendants go
 * (detached, running); release everything.
 */
void proc_fini(struct proc_set *ps);

/*
 * system(): run CMD with /bin/sh -c, its stdin and stderr ours, its
 * stdout FD (the trace output: -o's file, or stderr under oformat=json),
 * and wait for it. Returns its wait status, or -errno when it could not
 * be started.
 */
int proc_system(const char *cmd, int fd);

#endif /* SPT_PROC_H */
