#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: with -x temporal the records of all CPUs come out in
# timestamp order (switch: across every pass; ring: the whole ring), each
# exactly once; without it, each CPU's records in turn.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

if [ "$(nproc)" -lt 2 ]; then
	echo "SKIP: temporal order needs 2 CPUs"
	exit 77
fi

prog='BEGIN { printf("ready\n"); }
	syscall::sched_get_priority_max:entry /execname == "sysloop"/ { printf("%d %d\n", cpu, timestamp); }'

# Pairs of sysloops, one on each CPU at once, the CPUs swapped each round:
# CPU 1 records first, CPU 0 last.
workload() {
	local i a
	for i in 1 2 3 4 5 6; do
		"$TRIG/sysloop" sched_get_priority_max 1000 $((i % 2)) >/dev/null &
		a=$!
		"$TRIG/sysloop" sched_get_priority_max 1000 $(((i + 1) % 2)) >/dev/null
		wait "$a"
	done
}

# the records (not "ready", nor the empty lines of the end-of-tracing newlines)
recs() { grep -vx -e ready -e '' "${RECS:-$TMP/out}"; }
# "yes" when the timestamps never decrease, else the first offending line.
sorted() { recs | awk 'bad == "" && NR > 1 && $2 < last { bad = "no, line " NR ": " $0 } { last = $2 } END { print NR ? (bad == "" ? "yes" : bad) : "empty" }'; }
per_cpu_sorted() { recs | awk '{ if (($1 in last) && $2 < last[$1]) bad = 1; last[$1] = $2 } END { print bad ? "no" : "yes" }'; }
counts() { recs | awk '{ n[$1]++ } END { print n[0] + 0, n[1] + 0 }'; }
# CPU of each run of equal CPUs, in output order
runs() { recs | awk 'NR == 1 || $1 != prev { printf "%s ", $1; prev = $1 }'; }

# Many passes (100 Hz): records of a CPU switched later wait for the next
# pass until every CPU's records up to them are in hand.
tracer_start -q -x temporal -x switchrate=100hz -n "$prog" || exit 1
workload
tracer_stop INT
check "switch, 100hz: exit status" "$TRC" 0
check "switch, 100hz: every record once" "$(counts)" "6000 6000"
check "switch, 100hz: timestamps never decrease" "$(sorted)" yes
check "switch, 100hz: nothing else on stderr" "$(cat "$TMP/err")" ""

# One pass at the end: the same order.
tracer_start -q -x temporal -x switchrate=1h -n "$prog" || exit 1
workload
tracer_stop INT
check "switch, one pass: every record once" "$(counts)" "6000 6000"
check "switch, one pass: timestamps never decrease" "$(sorted)" yes
check "switch, one pass: the CPUs interleave" "$(runs | wc -w | awk '{print ($1 > 2)}')" 1

# Without temporal, the same pass prints CPU 0's records, then CPU 1's.
tracer_start -q -x switchrate=1h -n "$prog" || exit 1
workload
tracer_stop INT
check "per-CPU: every record once" "$(counts)" "6000 6000"
check "per-CPU: one CPU after the other" "$(runs)" "0 1 "
check "per-CPU: in order within each CPU" "$(per_cpu_sorted)" yes
check "per-CPU: not in global order" "$(sorted | cut -c1-2)" "no"

# ring: 64k per CPU keeps each CPU's newest 2048 records of 32 bytes
# (header, the two values, the record's timestamp); printed merged.
# Not quiet: a ring prints BEGIN's "ready" only at the end.
tracer_start -x temporal -x bufpolicy=ring -b 64k -n "$prog" || exit 1
workload
tracer_stop INT
check "ring: exit status" "$TRC" 0
awk '$3 == "sched_get_priority_max:entry" { print $4, $5 }' "$TMP/out" >"$TMP/ring"
RECS=$TMP/ring
check "ring: the newest 2048 of each CPU" "$(counts)" "2048 2048"
check "ring: timestamps never decrease" "$(sorted)" yes
RECS=

# Pragma; BEGIN first and END last whatever their CPUs.
printf '%s\n' '#pragma D option temporal' '#pragma D option quiet' \
	'BEGIN { printf("begin\n"); }' \
	'tick-10ms /++n == 3/ { exit(0); }' 'END { printf("end\n"); }' >"$TMP/t.d"
check "pragma: BEGIN, END, the final newline" "$("$SPT" -s "$TMP/t.d"; echo .)" "$(printf 'begin\nend\n\n.')"
check_no_leftovers
e2e_done
