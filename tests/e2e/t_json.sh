#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: -o appends exactly what stdout would have shown to a file and
# leaves stderr as it was.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"
export SYSLOOP_QUIET=1	# the -c commands' output would mix with the tracer's

# run SPECTRACE-ARGS...: a tracer that ends by itself (BEGIN's exit(), -c).
run() {
	"$SPT" "$@" >"$TMP/out" 2>"$TMP/err" &
	TPID=$!
	wait "$TPID"
	TRC=$?
	TPID=
}

# Text records without their CPU column: END fires on the consumer's CPU.
nocpu() { sed -E 's/^ *[0-9]+ ( +[0-9]+ )/\1/' "$@"; }

# --- -o file ---

prog='syscall::sched_get_priority_max:entry /execname == "sysloop"/ { trace(arg0); printf("n=%d", ++n); }
	END { printf("end %d\n", n); }'
run -c "$TRIG/sysloop sched_get_priority_max 3 0" -n "$prog"
plain_out=$(nocpu "$TMP/out")
plain_err=$(sed 's/pid [0-9]*/pid N/' "$TMP/err")
check "without -o: three records, heading and END" "$(printf '%s\n' "$plain_out" | wc -l)" 5

printf 'kept\n' >"$TMP/o"
run -o "$TMP/o" -c "$TRIG/sysloop sched_get_priority_max 3 0" -n "$prog"
check "-o: exit status" "$TRC" 0
check "-o: nothing on stdout" "$(cat "$TMP/out")" ""
check "-o: stderr unchanged" "$(sed 's/pid [0-9]*/pid N/' "$TMP/err")" "$plain_err"
check "-o: appended after what the file held, byte for byte stdout's" "$(nocpu "$TMP/o")" \
	"$(printf 'kept\n%s' "$plain_out")"

run -o "$TMP/o" -q -n 'BEGIN { @a = count(); @b = sum(5); printa("a=%@d\n", @a); exit(0); }'
check "-o: a second run's printa and aggregations at exit appended" "$(nocpu "$TMP/o")" \
	"$(printf 'kept\n%s\n\na=1\n\n %16d' "$plain_out" 5)"

run -o "$TMP/fault" -n 'BEGIN { *(char *)NULL; }' -n 'BEGIN { exit(0); }'
check "-o: a fault's message stays on stderr" "$(grep -c 'error on enabled probe' "$TMP/err")" 1
check "-o: and is not in the file" "$(grep -c 'error' "$TMP/fault")" 0

run -o "$TMP/list" -l -n 'syscall::sched_get_priority_max:entry'
check "-o -l: the list in the file" "$(awk 'NR == 2 {print $2, $3, $4, $5}' "$TMP/list")" \
	"syscall vmlinux sched_get_priority_max entry"
check "-o -l: stdout empty" "$(cat "$TMP/out")" ""

run -o /nonexistent/spt-dir/out -n 'BEGIN { exit(0); }'
check "-o: a file that cannot be opened" "$TRC:$(cat "$TMP/err")" \
	"1:spectrace: failed to open output file '/nonexistent/spt-dir/out': No such file or directory"
run -o /dev/full -q -n 'BEGIN { printf("x\n"); exit(0); }'
check "-o: a write error is an error" "$TRC:$(cat "$TMP/err")" \
	"1:spectrace: failed to write to output file '/dev/full'"
run -o "$TMP/never" -n 'BEGIN { nosuch(); }'
check "-o: a program that does not compile creates no file" "$TRC:$([ -e "$TMP/never" ] && echo exists)" "1:"

check_no_leftovers
e2e_done
