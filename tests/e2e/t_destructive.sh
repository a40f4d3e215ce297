#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: raise() signals the process that fired the probe, stop()
# stops it, system() runs a command when its record is processed; all
# three need -w (or the destructive option).
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

# raise(): the signal's default action ends the command on its first call.
out=$("$SPT" -w -q -c "$TRIG/sysloop sched_get_priority_max 3" \
	-n 'syscall::sched_get_priority_max:entry /pid == $target/ { n++; raise(SIGUSR1); }' \
	-n 'END { printf("calls %d\n", n); }' 2>"$TMP/err")
check "raise(): exit status" "$?" 0
check "raise(): one call made" "$out" "calls 1"
# As dtrace-utils: a command's end is not reported.
check "raise(): nothing on stderr" "$(cat "$TMP/err")" ""
# The test's own child, followed with -p: its status shows the signal.
"$TRIG/sigtrig" wait "$TMP/go1" >/dev/null &
child=$!
tracer_start -w -p "$child" -n 'syscall::sched_get_priority_min:entry /pid == $target/ { raise(SIGUSR1); }'
touch "$TMP/go1"
wait "$child"
check "raise(): the process was killed by SIGUSR1" "$?" $((128 + 10))
tracer_end 5 "raise() -p"
check "raise() -p: the tracer ends with the process" "$TRC" 0

# A handled signal: the handler has run when the syscall returns.
out=$("$SPT" -x destructive -q -c "$TRIG/sigtrig handle" \
	-n 'syscall::sched_get_priority_min:entry /pid == $target/ { raise(SIGUSR1); }' \
	-n 'END { printf("end\n"); }' 2>"$TMP/err")
check "raise() handled: exit status" "$?" 0
check "raise() handled: the handler ran once" "$out" "handled 1
end"
check "raise() handled: nothing on stderr" "$(cat "$TMP/err")" ""

# Not a signal: an illegal operation, nothing sent.
out=$("$SPT" -w -q -n 'BEGIN { raise(99); }' -n 'BEGIN { exit(0); }' \
	-n 'END { printf("alive\n"); }' 2>&1)
check "raise(99): exit status" "$?" 0
check "raise(99): illegal operation" "$out" \
	"spectrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): illegal operation
alive"

# stop(): our own child stops in the syscall's return; the test continues it.
"$TRIG/sigtrig" wait "$TMP/go" >"$TMP/child" &
child=$!
tracer_start -w -p "$child" -n 'syscall::sched_get_priority_min:entry /pid == $target/ { stop(); }'
touch "$TMP/go"
state=
for _ in $(seq 1 $((100 * E2E_SLOW))); do
	state=$(awk '{ print $3 }' "/proc/$child/stat")
	[ "$state" = T ] && break
	sleep 0.05
done
check "stop(): the process is stopped" "$state" T
sleep 0.3
check "stop(): and stays stopped" "$(awk '{ print $3 }' "/proc/$child/stat")" T
check "stop(): it has not run on" "$(cat "$TMP/child")" ""
kill -CONT "$child"
wait "$child"
check "stop(): continued, it finishes" "$?:$(cat "$TMP/child")" "0:resumed"
# The -p process has exited: the tracer ends by itself.
tracer_end 5 "stop()"
check "stop(): the tracer ends with the process" "$TRC" 0
check "stop(): the notice, its end not reported" "$(grep -v matched "$TMP/err")" \
	"spectrace: allowing destructive actions"

# system(): the command's output in order with the trace, -c's command traced too.
out=$(SYSLOOP_QUIET=1 "$SPT" -w -q -c "$TRIG/sysloop sched_get_priority_max 2" \
	-n 'syscall::sched_get_priority_max:entry /pid == $target/ {
		printf("call %d\n", ++n); system("echo system %d %s", n, execname); }' \
	-n 'END { printf("end\n"); }' 2>/dev/null)
check "system(): output in order" "$out" "call 1
system 1 sysloop
call 2
system 2 sysloop
end"

# Without -w: refused before anything is loaded.
out=$("$SPT" -n 'BEGIN { stop(); }' 2>&1)
check "no -w: exit status" "$?" 1
check "no -w: the message" "$out" \
	"spectrace: could not enable tracing: Destructive actions not allowed"
# -e compiles without enabling: no -w needed, as with dtrace.
"$SPT" -e -n 'BEGIN { stop(); }'
check "no -w with -e: compiles" "$?" 0
check_no_leftovers
e2e_done
