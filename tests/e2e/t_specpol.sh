#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: commit() obeys the principal buffer's policy. fill: a commit
# that does not fit is one drop and fills the buffer, tracing stops by
# itself and END still prints; ring: committed records take their place in
# the ring like any others, oldest to youngest, across the wrap.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

# Everything on CPU 0, so each commit finds its whole part there.
spec() { "$TRIG/sysloop" sched_get_priority_min "$1" 0 >/dev/null; }
commit() { "$TRIG/sysloop" sched_get_priority_max 1 0 >/dev/null; }

# One speculation at a time (nspec=1): taken in BEGIN and again after each
# commit, on the return of the committing call (its slot is free by then).
prog='BEGIN { s = speculation(); }
	syscall::sched_get_priority_min:entry /execname == "sysloop"/ { speculate(s); printf("rec %d\n", ++n); }
	syscall::sched_get_priority_max:entry /execname == "sysloop"/ { commit(s); }
	syscall::sched_get_priority_max:return /execname == "sysloop"/ { s = speculation(); }'

# fill, 1k: END keeps 8 bytes (its record header). The first part (3 records of 16 bytes)
# fits; the second (100 records, 1600 bytes) does not.
: >"$TMP/err"
"$SPT" -q -b 1k -x bufpolicy=fill -n "$prog" -n 'BEGIN { printf("ready\n"); }' \
	-n 'END { printf("end\n"); }' >"$TMP/out" 2>"$TMP/err" &
TPID=$!
for _ in $(seq 1 200); do grep -qx ready "$TMP/out" && break; sleep 0.05; done
sleep 0.1
spec 3
commit
spec 100
commit
tracer_end 10 "fill" && ok "fill: tracing stopped by itself"
check "fill: exit status" "$TRC" 0
# and the final newline (the buffer filled: no signal, no newline for one)
check "fill: the part that fit, then END" "$(cat "$TMP/out"; echo .)" \
	"$(printf 'ready\nrec 1\nrec 2\nrec 3\nend\n\n.')"
check "fill: the part that did not fit is one drop" "$(cat "$TMP/err")" \
	"spectrace: 1 drop on CPU 0"

# The same part fits a 4k buffer: no drop, tracing goes on until stopped.
tracer_start -q -b 4k -x bufpolicy=fill -n "$prog" -n 'BEGIN { printf("ready\n"); }' \
	-n 'END { printf("end\n"); }' || exit 1
spec 3
commit
spec 100
commit
sleep 0.3
if kill -0 "$TPID" 2>/dev/null; then ok "fill, 4k: still tracing"; else not_ok "fill, 4k: stopped"; fi
tracer_stop INT
check "fill, 4k: every committed record, then END" "$(grep -c '^rec ' "$TMP/out") $(tail -n 2 "$TMP/out" | paste -sd ' ')" \
	"103 end "
# BEGIN's line came before SIGINT; its newline comes before what the end drained.
check "fill, 4k: SIGINT's newline before the buffers read at the end" \
	"$(head -n 3 "$TMP/out" | paste -sd ' ')" "ready  rec 1"
check "fill, 4k: no drop" "$(cat "$TMP/err")" ""

# ring, 256 bytes: seven rounds of 5 speculative records (16 bytes each)
# committed, each followed by a 24-byte record of the committing firing.
# The write position wraps at 240 bytes, after the 16-byte rec 15, and
# again; what survives is the newest 232 bytes.
tracer_start -b 256 -x bufpolicy=ring -n "$prog" \
	-n 'syscall::sched_get_priority_max:entry /execname == "sysloop"/ { printf("commit %d %d\n", ++c, n); }' || exit 1
for _ in 1 2 3 4 5 6 7; do
	spec 5
	commit
done
sleep 0.2
check "ring: nothing printed while tracing" "$(wc -c <"$TMP/out")" 0
tracer_stop INT
check "ring: exit status" "$TRC" 0
# The text after CPU, ID and FUNCTION:NAME of each record.
got=$(awk 'NR > 1 && NF > 3 { $1 = $2 = $3 = ""; sub(/^ +/, ""); print }' "$TMP/out" | paste -sd ',')
check "ring: committed records oldest to youngest, across the wrap" "$got" \
	"commit 5 25,rec 26,rec 27,rec 28,rec 29,rec 30,commit 6 30,rec 31,rec 32,rec 33,rec 34,rec 35,commit 7 35"
check "ring: no drop" "$(grep -v matched "$TMP/err")" ""
check_no_leftovers
e2e_done
