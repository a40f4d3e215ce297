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
	"$(printf '%32s\n%32s  %8d\n\n.' FUNCTION:NAME :BEGIN 1)"
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

# exit(): no newline for a signal; the final one before the aggregations.
tracer_run -q -n 'BEGIN { @a = sum(7); printf("x"); exit(0); }'
check "exit(): the final newline, then the aggregation" "$(bytes "$TMP/out")" \
	"$(printf 'x\n %16d\n.' 7)"
# the end of the -c command: the same
tracer_run -q -c "$TRIG/sysloop sched_get_priority_max 2 0" \
	-n 'syscall::sched_get_priority_max:entry /pid == $target/ { @n = count(); }'
check "-c: the final newline, then the aggregation" "$(bytes "$TMP/out")" \
	"$(printf '\n %16d\n.' 2)"

check_no_leftovers
e2e_done
