#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: D's types with commands: a struct declared in D filled by
# copyin() from nanosleep's request (sleep 0.25: 0 s, 250000000 ns),
# args[] of nanosleep typed by the kernel's BTF, the fault message of a
# bad pointer chain, scratch limits (NOSCRATCH), curpsinfo (pr_psargs the
# command line), progenyof() in a grandchild.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

# coreutils' sleep calls clock_nanosleep (request: arg2), older ones nanosleep (arg0)
cat >"$TMP/ts.d" <<'D'
#pragma D option quiet
struct ts {
	long tv_sec;
	long tv_nsec;
};

syscall::nanosleep:entry, syscall::clock_nanosleep:entry
/pid == $target/
{
	this->ts = (struct ts *)copyin(probefunc == "nanosleep" ? arg0 : arg2, sizeof(struct ts));
	printf("%d %d\n", this->ts->tv_sec, this->ts->tv_nsec);
}
D
tracer_run -c "sleep 0.25" -s "$TMP/ts.d"
check "copyin into a struct declared in D" "$(cat "$TMP/out")" "0 250000000"
check "exit status" "$TRC" 0

# the same through the kernel's own type, from args[]
tracer_run -q -c "sleep 0.25" -n 'syscall::clock_nanosleep:entry /pid == $target/ {
	this->ts = (struct __kernel_timespec *)copyin((uintptr_t)args[2], sizeof(*args[2]));
	printf("%d %d %d\n", this->ts->tv_sec, this->ts->tv_nsec, sizeof(*args[2]));
}'
check "copyin through args[2]'s BTF type" "$(cat "$TMP/out")" "0 250000000 16"

# dtrace-utils' fault message for a bad -> chain, ERROR with the address
tracer_run -q -n 'BEGIN { p = (struct task_struct *)16; trace(p->real_parent->pid); }' \
	-n 'ERROR { printf("%d %d %x\n", arg4, arg5 - offsetof(struct task_struct, real_parent), arg5); exit(0); }'
check "bad pointer chain: ERROR's arguments" "$(cut -d' ' -f1,2 "$TMP/out")" "1 16"
addr=$(cut -d' ' -f3 "$TMP/out")
check_match "bad pointer chain: the fault message" "$(cat "$TMP/err")" \
	"error in dt_clause_0 for probe ID 1 \(dtrace:::BEGIN\): invalid address \(0x$addr\)"

tracer_run -q -n 'BEGIN { n = 200; a = alloca(n); b = alloca(n); }' \
	-n 'ERROR { printf("%d %d\n", arg4 == DTRACEFLT_NOSCRATCH, arg5); exit(0); }'
check "alloca past the scratch space: NOSCRATCH" "$(cat "$TMP/out")" "1 200"
check_match "NOSCRATCH's message" "$(cat "$TMP/err")" "out of scratch space"

# curpsinfo: the command line from the process's argument area, the ids
tracer_run -q -c "sleep 0.25" -n 'syscall::nanosleep:entry, syscall::clock_nanosleep:entry /pid == $target/ {
	printf("[%s] %s %d %d %d %d %d\n", curpsinfo->pr_psargs, curpsinfo->pr_fname,
	    curpsinfo->pr_pid == pid, curpsinfo->pr_ppid == ppid, curpsinfo->pr_uid == uid,
	    curpsinfo->pr_gid == gid, curlwpsinfo->pr_lwpid == tid);
}'
check "curpsinfo of a -c command" "$(cat "$TMP/out")" "[sleep 0.25] sleep 1 1 1 1 1"

# progenyof: a grandchild of the -c command, not a pid that is no ancestor
tracer_run -q -c "sh -c 'sh -c \"sleep 0.1; true\"; true'" -n 'syscall::nanosleep:entry, syscall::clock_nanosleep:entry /execname == "sleep" && progenyof($target)/ {
	printf("%d %d %d %d\n", progenyof($target), progenyof(pid), progenyof(ppid), progenyof(-1));
}'
check "progenyof in a grandchild" "$(cat "$TMP/out")" "1 1 1 0"

check_no_leftovers
e2e_done
