#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: -c runs a command once tracing is on with $target its pid and
# ends tracing (END, output) when it exits; -p follows a running process;
# the command never outlives the tracer; as in dtrace-utils, the ends of
# the processes are not reported, a command that cannot be executed fails
# the start.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

out=$("$SPT" -q -c "$TRIG/sysloop sched_get_priority_max 77" \
	-n 'syscall::sched_get_priority_max:entry /pid == $target/ { n++; }' \
	-n 'END { printf("n=%d\n", n); }' 2>"$TMP/err")
check "-c: exit status" "$?" 0
check "-c: every call of the command, and END" "$out" "77
n=77"
check "-c: the command's end is not reported" "$(cat "$TMP/err")" ""

# exit() before the command ends: status 5, the command is killed.
out=$("$SPT" -q -c "$TRIG/sysloop sched_get_priority_max 999999999" \
	-n 'syscall::sched_get_priority_max:entry /pid == $target/ { exit(5); }' 2>&1)
check "-c: exit() status" "$?" 5
check "-c: no command left running" "$(pgrep -f 'sysloop sched_get_priority_max 999999999' || true)" ""

# -p: a process already running.
# It must still be asleep once the tracer is up.
sleep "$(awk -v f="$E2E_SLOW" 'BEGIN { print 1.5 * f }')" &
spid=$!
out=$("$SPT" -q -p "$spid" -n 'syscall::clock_nanosleep:return /pid == $target/ { printf("woke %d\n", pid == $target); }' 2>"$TMP/err")
check "-p: exit status" "$?" 0
check "-p: traced the process" "$out" "woke 1"
check "-p: its end is not reported" "$(cat "$TMP/err")" ""
wait "$spid"

# Two -c: both run, $target is the first, tracing ends when the last exits.
slow="sh -c 'sleep $(awk -v f="$E2E_SLOW" 'BEGIN { print 0.5 * f }'); exec $TRIG/sysloop sched_get_priority_max 7'"
out=$(SYSLOOP_QUIET=1 "$SPT" -q -c "sh -c 'echo \$\$ >$TMP/first; exec $TRIG/sysloop sched_get_priority_max 5'" -c "$slow" \
	-n 'BEGIN { printf("target %d\n", $target); }' \
	-n 'syscall::sched_get_priority_max:entry /pid == $target/ { t++; }' \
	-n 'syscall::sched_get_priority_max:entry { all++; }' \
	-n 'END { printf("t=%d all=%d\n", t, all); }' 2>"$TMP/err")
check "two -c: exit status" "$?" 0
target=$(printf '%s\n' "$out" | sed -n 's/^target //p')
check "two -c: both commands traced, the later one after the first exited" \
	"$(printf '%s\n' "$out" | tail -n 1)" "t=5 all=12"
check "two -c: nothing on stderr" "$(cat "$TMP/err")" ""
check "two -c: \$target is the first command" "$target" "$(cat "$TMP/first")"
check "two -c: no command left running" "$(pgrep -f 'sysloop sched_get_priority_max [57]$' || true)" ""

# Whatever the commands' ends (an exit status, a signal), nothing is said
# and spectrace's own status is 0.
out=$("$SPT" -q -c "sh -c 'exit 3'" -c "sh -c 'kill -TERM \$\$'" -c "sh -c 'sleep 0.2'" \
	-n 'BEGIN { printf("%d\n", $target); }' 2>"$TMP/err")
check "exit statuses: spectrace's own is 0" "$?" 0
check "exit statuses: nothing on stderr" "$(cat "$TMP/err")" ""

# A command that cannot be executed fails the start, as in dtrace.
out=$("$SPT" -q -c "/nonexistent/spt-cmd x" -n 'BEGIN { exit(0); }' 2>&1)
check "-c: not executable: status 1 and dtrace's message" "$?:$out" \
	"1:spectrace: failed to execute /nonexistent/spt-cmd: No such file or directory"
out=$("$SPT" -q -c "spt-no-such-command" -n 'BEGIN { exit(0); }' 2>&1)
check "-c: not on PATH" "$?:$out" \
	"1:spectrace: failed to execute spt-no-such-command: No such file or directory"
out=$("$SPT" -q -p 12x -n 'BEGIN { exit(0); }' 2>&1)
check "-p: not a pid: status 1 and dtrace's message" "$?:$out" "1:spectrace: invalid pid: 12x"

# -p before -c: $target is the -p process; tracing goes on after the
# command has exited (the test lets the process make its call only once
# that is reported) and ends when the process exits too.
"$TRIG/sigtrig" wait "$TMP/go" >"$TMP/child" &
ppid=$!
SYSLOOP_QUIET=1 "$SPT" -q -p "$ppid" -c "sh -c 'echo \$\$ >$TMP/cpid; exec $TRIG/sysloop sched_get_priority_max 3'" \
	-n 'BEGIN { printf("target %d\n", $target); }' \
	-n 'syscall::sched_get_priority_max:entry { n++; }' \
	-n 'syscall::sched_get_priority_min:entry /pid == $target/ { m++; }' \
	-n 'END { printf("n=%d m=%d\n", n, m); }' >"$TMP/out" 2>"$TMP/err" &
TPID=$!
# the command has ended once it is a zombie or gone
gone() { [ -s "$TMP/cpid" ] && ! grep -qv '^[^)]*) Z' "/proc/$(cat "$TMP/cpid")/stat" 2>/dev/null; }
for _ in $(seq 1 $((200 * E2E_SLOW))); do
	gone && break
	sleep 0.05
done
sleep 0.2	# a statusrate or so for the tracer to see it
check "-p and -c: the command has ended, tracing goes on" \
	"$(gone && echo ended):$(kill -0 "$TPID" 2>/dev/null && echo running)" "ended:running"
touch "$TMP/go"
wait "$ppid"
check "-p and -c: the process ran to its end" "$?:$(cat "$TMP/child")" "0:resumed"
tracer_end 5 "-p and -c"
check "-p and -c: exit status" "$TRC" 0
check "-p and -c: \$target, the command's calls, the process's call after them" \
	"$(cat "$TMP/out")" "target $ppid
n=3 m=1"
check "-p and -c: nothing on stderr" "$(cat "$TMP/err")" ""

out=$("$SPT" -q -n 'BEGIN { printf("%d\n", $target); exit(0); }' 2>&1)
check "\$target without -c or -p is 0" "$out" "0"
out=$("$SPT" -p 999999999 -n 'BEGIN { exit(0); }' 2>&1)
check "-p: no such process" "$out" "spectrace: failed to grab pid 999999999: No such process"
check_no_leftovers
e2e_done
