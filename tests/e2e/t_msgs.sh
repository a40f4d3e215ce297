#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: the end of a run and the runtime messages are dtrace(1)'s
# (output-and-messages.md 1.7-1.9, 4): the newlines at the end of
# tracing, impatience, the testing mode, and the messages on stderr.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"
export SYSLOOP_QUIET=1	# the -c commands' output would mix with the tracer's

# exact bytes of a file, trailing newlines included
bytes() { cat "$1"; echo .; }

# --- 1.7: newlines at the end of tracing ---

# SIGINT: its newline, then what is left, then the final newline and the
# aggregations, under -q too.
prog='BEGIN { printf("ready\n"); }
	syscall::sched_get_priority_max:entry /execname == "sysloop"/ { @n = count(); }'
tracer_start -q -n "$prog" || exit 1
"$TRIG/sysloop" sched_get_priority_max 3 0 >/dev/null
tracer_stop INT
check "SIGINT, -q: exit status" "$TRC" 0
check "SIGINT, -q: ready, its newline, the final one, the aggregation" "$(bytes "$TMP/out")" \
	"$(printf 'ready\n\n\n %16d\n.' 3)"

# SIGTERM is the same.
tracer_start -q -n "$prog" || exit 1
"$TRIG/sysloop" sched_get_priority_max 2 0 >/dev/null
tracer_stop TERM
check "SIGTERM, -q: the same framing" "$(bytes "$TMP/out")" "$(printf 'ready\n\n\n %16d\n.' 2)"

# _DTRACE_TESTING: no newline for the signal, the final one all the same.
export _DTRACE_TESTING=1
tracer_start -q -n "$prog" || exit 1
"$TRIG/sysloop" sched_get_priority_max 4 0 >/dev/null
tracer_stop INT
check "_DTRACE_TESTING: only the final newline" "$(bytes "$TMP/out")" \
	"$(printf 'ready\n\n %16d\n.' 4)"
# and the heading and prefix without the CPU and ID columns
tracer_run -n 'BEGIN { trace(1); exit(0); }'
check "_DTRACE_TESTING: heading and prefix" "$(bytes "$TMP/out")" \
	"$(printf '%32s\n%32s  %10d\n\n.' FUNCTION:NAME :BEGIN 1)"
tracer_run -F -n 'BEGIN { exit(0); }'
check "_DTRACE_TESTING: -F heading and column" "$(bytes "$TMP/out")" \
	"$(printf '%-41s\n%-41s \n\n.' FUNCTION '| :BEGIN')"
unset _DTRACE_TESTING

# Impatient: a second signal before what is left is printed. Both arrive
# while the tracer is stopped, so both handlers run before it goes on:
# SIGINT's newline and the final one, no record drained after them, no
# aggregation.
tracer_start -q -x switchrate=1h -n "$prog" \
	-n 'syscall::sched_get_priority_max:entry /execname == "sysloop"/ { printf("late\n"); }' || exit 1
"$TRIG/sysloop" sched_get_priority_max 3 0 >/dev/null
kill -STOP "$TPID"
kill -INT "$TPID"
kill -TERM "$TPID"
kill -CONT "$TPID"
wait "$TPID"
TRC=$?
TPID=
check "impatient: exit status" "$TRC" 0
check "impatient: the two newlines, nothing else" "$(bytes "$TMP/out")" "$(printf 'ready\n\n\n.')"
# the same under _DTRACE_TESTING: the final newline only
export _DTRACE_TESTING=1
tracer_start -q -x switchrate=1h -n "$prog" \
	-n 'syscall::sched_get_priority_max:entry /execname == "sysloop"/ { printf("late\n"); }' || exit 1
"$TRIG/sysloop" sched_get_priority_max 3 0 >/dev/null
kill -STOP "$TPID"
kill -INT "$TPID"
kill -TERM "$TPID"
kill -CONT "$TPID"
wait "$TPID"
TRC=$?
TPID=
unset _DTRACE_TESTING
check "impatient, _DTRACE_TESTING: the final newline only" "$TRC:$(bytes "$TMP/out")" "0:$(printf 'ready\n\n.')"

# A signal before tracing has started (spectrace catches it, but the
# loop has not begun: the programs are still loading): no END, no final
# newline, no aggregation, status 0. Sent as soon as the handler is
# installed (SigCgt), while a program of many probes is verified.
"$SPT" -q -n 'BEGIN { printf("ready\n"); @a = count(); }' -n 'END { printf("end\n"); }' \
	-n 'syscall:::entry /arg0 == 12345/ { @q[probefunc] = quantize(arg1); @l = lquantize(arg2, 0, 100, 5); }' \
	>"$TMP/out" 2>"$TMP/err" &
TPID=$!
for _ in $(seq 1 2000); do
	mask=$(awk '$1 == "SigCgt:" { print $2 }' "/proc/$TPID/status" 2>/dev/null)
	[ -n "$mask" ] && (((16#$mask >> 1) & 1)) && break
	kill -0 "$TPID" 2>/dev/null || break
	sleep 0.002
done
kill -INT "$TPID"
wait "$TPID"
TRC=$?
TPID=
# (The verification takes far longer than the poll: the signal lands before
# BEGIN, or at the latest while BEGIN's records are drained.)
check "signal before tracing: status 0, no END, no newline, no aggregation" \
	"$TRC:$(bytes "$TMP/out")" "0:$(if grep -q ready "$TMP/out"; then printf 'ready\n'; fi; echo .)"

# exit(): no newline for a signal; the final one before the aggregations.
tracer_run -q -n 'BEGIN { @a = sum(7); printf("x"); exit(0); }'
check "exit(): the final newline, then the aggregation" "$(bytes "$TMP/out")" \
	"$(printf 'x\n %16d\n.' 7)"
# the end of the -c command: the same
tracer_run -q -c "$TRIG/sysloop sched_get_priority_max 2 0" \
	-n 'syscall::sched_get_priority_max:entry /pid == $target/ { @n = count(); }'
check "-c: the final newline, then the aggregation" "$(bytes "$TMP/out")" \
	"$(printf '\n %16d\n.' 2)"

# --- 4.1: drop messages, singular and plural, with and without CPU ---

# Principal drops: 16-byte records in a 64-byte buffer, BEGIN's clauses on one CPU.
six='-n BEGIN{trace(1);} -n BEGIN{trace(2);} -n BEGIN{trace(3);} -n BEGIN{trace(4);} -n BEGIN{trace(5);}'
# shellcheck disable=SC2086
tracer_run -q -b 64 $six -n 'BEGIN { trace(6); exit(0); }'
cpu=$(sed -n 's/.* on CPU \([0-9]*\)$/\1/p' "$TMP/err")
check "2 drops on CPU C" "$(cat "$TMP/err")" "spectrace: 2 drops on CPU $cpu"
five='-n BEGIN{trace(1);} -n BEGIN{trace(2);} -n BEGIN{trace(3);} -n BEGIN{trace(4);}'
# shellcheck disable=SC2086
tracer_run -q -b 64 $five -n 'BEGIN { trace(5); exit(0); }'
cpu=$(sed -n 's/.* on CPU \([0-9]*\)$/\1/p' "$TMP/err")
check "1 drop on CPU C" "$(cat "$TMP/err")" "spectrace: 1 drop on CPU $cpu"
# shellcheck disable=SC2086
tracer_run -q -b 64 -x droptags $six -n 'BEGIN { trace(6); exit(0); }'
check "droptags: the principal drops' tag" "$(sed 's/CPU [0-9]*$/CPU C/' "$TMP/err")" \
	"spectrace: [DTRACEDROP_PRINCIPAL] 2 drops on CPU C"

# Dynamic variable drops: all CPUs together, no "on CPU"; one per store
# (1k holds one associative-array element: 576 key + 256 value + 64 bytes).
tracer_run -q -x dynvarsize=1k -n 'BEGIN { a[1] = 1; a[2] = 2; a[3] = 3; exit(0); }'
check "2 dynamic variable drops, no CPU" "$(cat "$TMP/err")" "spectrace: 2 dynamic variable drops"
tracer_run -q -x dynvarsize=1k -x droptags -n 'BEGIN { a[1] = 1; a[2] = 2; exit(0); }'
check "droptags: 1 dynamic variable drop" "$(cat "$TMP/err")" \
	"spectrace: [DTRACEDROP_DYNAMIC] 1 dynamic variable drop"

# Aggregation drops, per CPU (4 tuples fit in 192 bytes of aggsize).
tracer_run -q -x aggsize=192 -x droptags \
	-n 'BEGIN { @[1] = count(); @[2] = count(); @[3] = count(); @[4] = count(); @[5] = count(); exit(0); }'
check "droptags: 1 aggregation drop on CPU C" "$(sed 's/CPU [0-9]*$/CPU C/' "$TMP/err")" \
	"spectrace: [DTRACEDROP_AGGREGATION] 1 aggregation drop on CPU C"

# Failed speculations and speculative drops: dtrace-utils' words, no CPU.
tracer_run -q -x droptags -n 'BEGIN { a = speculation(); b = speculation(); exit(0); }'
check "droptags: 1 failed speculation (unavailable)" "$(cat "$TMP/err")" \
	"spectrace: [DTRACEDROP_SPECUNAVAIL] 1 failed speculation (no speculative buffer available)"
tracer_run -q -x specsize=16 -n 'BEGIN { s = speculation(); }' \
	-n 'BEGIN { speculate(s); trace(1); }' -n 'BEGIN { speculate(s); trace(2); }' \
	-n 'BEGIN { commit(s); }' -n 'BEGIN { exit(0); }'
check "1 speculative drop" "$(cat "$TMP/err")" "spectrace: 1 speculative drop"
check "1 speculative drop: the record that fitted" "$(bytes "$TMP/out")" "$(printf '1\n.')"
tracer_run -q -x specsize=16 -x droptags -n 'BEGIN { s = speculation(); }' \
	-n 'BEGIN { speculate(s); trace(1); }' -n 'BEGIN { speculate(s); trace(2); }' \
	-n 'BEGIN { speculate(s); trace(3); }' -n 'BEGIN { discard(s); }' -n 'BEGIN { exit(0); }'
check "droptags: 2 speculative drops" "$(cat "$TMP/err")" "spectrace: [DTRACEDROP_SPEC] 2 speculative drops"

# --- 4.2, 4.3: faults in dtrace-utils' form, no error count ---

tracer_run -q -n 'BEGIN { *(char *)NULL; }' -n 'BEGIN { exit(0); }'
check "fault: invalid address (0x0), no count after it" "$(cat "$TMP/err")" \
	"spectrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0)"
check "fault: the status is unchanged" "$TRC" 0
# Statements are numbered over all programs, one per clause and description.
tracer_run -q -n 'BEGIN { x = 1; }' -n 'END, BEGIN { y = 0; x = 1 / y; }' \
	-n 'BEGIN { *(char *)0x7; }' -n 'BEGIN { exit(0); }'
check "faults: dt_clause_N over programs and descriptions" "$(cat "$TMP/err")" \
	"spectrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): divide-by-zero
spectrace: error in dt_clause_3 for probe ID 1 (dtrace:::BEGIN): invalid address (0x7)
spectrace: error in dt_clause_1 for probe ID 2 (dtrace:::END): divide-by-zero"
id=$("$SPT" -l -n syscall::sched_get_priority_max:entry | awk 'NR == 2 {print $1}')
tracer_run -q -c "$TRIG/sysloop sched_get_priority_max 1 0" \
	-n 'syscall::sched_get_priority_max:entry /pid == $target/ { y = 0; x = y % y; }'
check "fault: a syscall probe's ID and full name" "$(cat "$TMP/err")" \
	"spectrace: error in dt_clause_0 for probe ID $id (syscall:vmlinux:sched_get_priority_max:entry): divide-by-zero"
# the output keeps its records, the fault's message is on stderr only
tracer_run -n 'BEGIN { trace(1); *(char *)NULL; }' -n 'BEGIN { exit(0); }'
check "fault: nothing of it on the output" "$(grep -c error "$TMP/out")" 0

# --- d-language 6.2: the runtime speculation rules ---

tracer_run -q -x nspec=2 -n 'BEGIN { commit(3); }' -n 'BEGIN { discard(-1); }' \
	-n 'BEGIN { commit(2); discard(0); }' -n 'BEGIN { exit(0); }'
check "commit/discard above nspec: illegal operation; 0 and a free id: nothing" "$(cat "$TMP/err")" \
	"spectrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): illegal operation
spectrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): illegal operation"
tracer_run -q -x nspec=2 -n 'BEGIN { x = 1; speculate(0); x = 2; }' \
	-n 'BEGIN { speculate(2); x = 3; }' -n 'BEGIN { speculate(9); x = 4; }' \
	-n 'BEGIN { printf("x=%d\n", x); exit(0); }'
check "speculate() of 0, a free id, an id above nspec: the rest skipped, silently" \
	"$(cat "$TMP/out" "$TMP/err")" "x=1"

# --- 4.7, 4.8: notices ---

tracer_run -w -n 'BEGIN { exit(0); }'
check "-w: allowing destructive actions, after the matched message" "$(cat "$TMP/err")" \
	"spectrace: description 'BEGIN ' matched 1 probe
spectrace: allowing destructive actions"
tracer_run -w -q -n 'BEGIN { exit(0); }'
check "-w -q: no notice" "$(cat "$TMP/err")" ""
tracer_run -c "sh -c 'exit 3'" -n 'BEGIN { x = 1; }'
check "-c: its end is not reported" "$TRC:$(cat "$TMP/err")" "0:spectrace: description 'BEGIN ' matched 1 probe"

# --- 4.3: library-level faults, in dtrace-utils' form (the clause's number) ---

tracer_run -q -n 'BEGIN { x = 1; }' -n 'BEGIN { setopt("bufsize", "1m"); exit(0); }'
check "setopt() of a static option while tracing: its message and dtrace's empty line" \
	"$TRC:$(cat "$TMP/err"; echo .)" \
	"0:spectrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): couldn't set option \"bufsize\" to \"1m\": Operation illegal when tracing is active

."
tracer_run -q -n 'BEGIN { setopt("switchrate", "10hz"); setopt("aggrate", "2hz"); exit(0); }'
check "setopt() of switchrate and aggrate while tracing: dynamic options, no error" \
	"$TRC:$(cat "$TMP/err")" "0:"
tracer_run -q -n 'BEGIN { setopt("zdefs"); setopt("quiet", "1"); exit(0); }'
check "setopt() of a flag-only option: a value is always passed, which it refuses" \
	"$TRC:$(cat "$TMP/err"; echo .)" \
	"0:spectrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): couldn't set option \"zdefs\" to \"1\": Invalid value for specified option

."
tracer_run -w -q -n 'BEGIN { freopen("/nonexistent/spt-dir/f"); printf("still\n"); exit(0); }'
check "freopen() that fails: the message, tracing goes on" "$TRC:$(cat "$TMP/out" "$TMP/err")" \
	"0:still

spectrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): couldn't freopen() \"/nonexistent/spt-dir/f\": No such file or directory"

# --- the prefix is the name the program was run as (a symlink called dt) ---

ln -s "$(command -v "$SPT" || echo "$SPT")" "$TMP/dt"
"$TMP/dt" -x nosuch -n BEGIN 2>"$TMP/err"
check "run as dt: dt's prefix" "$?:$(cat "$TMP/err")" "1:dt: failed to set -x nosuch: Invalid option name"
"$TMP/dt" -n 'BEGIN { x = ; }' 2>"$TMP/err"
check "run as dt: compile errors too" "$?:$(cat "$TMP/err")" \
	"1:dt: invalid probe specifier BEGIN { x = ; }: syntax error near \";\""

# --- exit status table: output that cannot be written ---

"$SPT" -q -n 'BEGIN { printf("x\n"); exit(0); }' >/dev/full 2>"$TMP/err"
check "stdout full: dtrace's message, exit 1" "$?:$(cat "$TMP/err")" \
	"1:spectrace: failed to write to <stdout>: No space left on device"
tracer_run -q -o /dev/full -n 'BEGIN { printf("x\n"); exit(0); }'
check "-o a full file: named, said once, exit 1" "$TRC:$(cat "$TMP/err")" \
	"1:spectrace: failed to write to /dev/full: No space left on device"

check_no_leftovers
e2e_done
