#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: -c runs a command once tracing is on with $target its pid and
# ends tracing (END, output) when it exits; -p follows a running process;
# the command never outlives the tracer.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

out=$("$SPT" -q -c "$TRIG/sysloop sched_get_priority_max 77" \
	-n 'syscall::sched_get_priority_max:entry /pid == $target/ { n++; }' \
	-n 'END { printf("n=%d\n", n); }' 2>"$TMP/err")
check "-c: exit status" "$?" 0
check "-c: every call of the command, and END" "$out" "77
n=77"
check_match "-c: the command's end is reported" "$(cat "$TMP/err")" '^spectrace: pid [0-9]+ has exited$'

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
check "-p: its end is reported" "$(cat "$TMP/err")" "spectrace: pid $spid has exited"
wait "$spid"

# Two -c: both run, $target is the first, tracing ends when the last exits.
slow="sh -c 'sleep $(awk -v f="$E2E_SLOW" 'BEGIN { print 0.5 * f }'); exec $TRIG/sysloop sched_get_priority_max 7'"
out=$(SYSLOOP_QUIET=1 "$SPT" -q -c "$TRIG/sysloop sched_get_priority_max 5" -c "$slow" \
	-n 'BEGIN { printf("target %d\n", $target); }' \
	-n 'syscall::sched_get_priority_max:entry /pid == $target/ { t++; }' \
	-n 'syscall::sched_get_priority_max:entry { all++; }' \
	-n 'END { printf("t=%d all=%d\n", t, all); }' 2>"$TMP/err")
check "two -c: exit status" "$?" 0
target=$(printf '%s\n' "$out" | sed -n 's/^target //p')
check "two -c: both commands traced, the later one after the first exited" \
	"$(printf '%s\n' "$out" | tail -n 1)" "t=5 all=12"
check_match "two -c: each exit reported" "$(cat "$TMP/err")" '^spectrace: pid [0-9]+ has exited$'
check "two -c: two exits, the first command's first (it is \$target)" \
	"$(sed -n 's/^spectrace: pid \([0-9]*\) has exited$/\1/p' "$TMP/err" | head -n 1):$(wc -l <"$TMP/err")" \
	"$target:2"
check "two -c: no command left running" "$(pgrep -f 'sysloop sched_get_priority_max [57]$' || true)" ""

# How each end is worded: an exit status, a signal.
out=$("$SPT" -q -c "sh -c 'exit 3'" -c "sh -c 'kill -TERM \$\$'" -c "sh -c 'sleep 0.2'" \
	-n 'BEGIN { printf("%d\n", $target); }' 2>"$TMP/err")
check "exit statuses: spectrace's own is 0" "$?" 0
first=$out
check "exit statuses: dtrace's words (in any order)" "$(sed -E 's/pid [0-9]+/pid N/' "$TMP/err" | LC_ALL=C sort)" \
	"spectrace: pid N exited with status 3
spectrace: pid N has exited
spectrace: pid N terminated by SIGTERM"
check "exit statuses: \$target is the first command" \
	"$(grep -c "^spectrace: pid $first exited with status 3$" "$TMP/err")" 1

# -p before -c: $target is the -p process; tracing goes on after the
# command has exited (the test lets the process make its call only once
# that is reported) and ends when the process exits too.
"$TRIG/sigtrig" wait "$TMP/go" >"$TMP/child" &
ppid=$!
SYSLOOP_QUIET=1 "$SPT" -q -p "$ppid" -c "$TRIG/sysloop sched_get_priority_max 3" \
	-n 'BEGIN { printf("target %d\n", $target); }' \
	-n 'syscall::sched_get_priority_max:entry { n++; }' \
	-n 'syscall::sched_get_priority_min:entry /pid == $target/ { m++; }' \
	-n 'END { printf("n=%d m=%d\n", n, m); }' >"$TMP/out" 2>"$TMP/err" &
TPID=$!
for _ in $(seq 1 $((200 * E2E_SLOW))); do
	grep -q 'has exited' "$TMP/err" && break
	sleep 0.05
done
cpid=$(sed -n 's/^spectrace: pid \([0-9]*\) has exited$/\1/p' "$TMP/err")
check "-p and -c: the command's end reported, tracing goes on" \
	"$(kill -0 "$TPID" 2>/dev/null && echo running):$(echo "$cpid" | wc -l)" "running:1"
touch "$TMP/go"
wait "$ppid"
check "-p and -c: the process ran to its end" "$?:$(cat "$TMP/child")" "0:resumed"
tracer_end 5 "-p and -c"
check "-p and -c: exit status" "$TRC" 0
check "-p and -c: \$target, the command's calls, the process's call after them" \
	"$(cat "$TMP/out")" "target $ppid
n=3 m=1"
check "-p and -c: the command's end, then the process's" "$(cat "$TMP/err")" \
	"spectrace: pid $cpid has exited
spectrace: pid $ppid has exited"

out=$("$SPT" -q -n 'BEGIN { printf("%d\n", $target); exit(0); }' 2>&1)
check "\$target without -c or -p is 0" "$out" "0"
out=$("$SPT" -p 999999999 -n 'BEGIN { exit(0); }' 2>&1)
check "-p: no such process" "$out" "spectrace: failed to grab pid 999999999: No such process"
check_no_leftovers
e2e_done
