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

out=$("$SPT" -n 'BEGIN { trace($target); }' 2>&1)
check "\$target without -c or -p" "$out" \
	"spectrace: invalid probe specifier BEGIN { trace(\$target); }: [D_MACRO_UNDEF] line 1 column 15: macro \$target is not defined: it needs -c or -p"
out=$("$SPT" -p 999999999 -n 'BEGIN { exit(0); }' 2>&1)
check "-p: no such process" "$out" "spectrace: failed to grab pid 999999999: No such process"
check_no_leftovers
e2e_done
