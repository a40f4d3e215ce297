#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: under the ring policy nothing is printed until tracing stops,
# then each CPU's newest records, oldest first, none partial; the seed's
# ring example runs unchanged.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

# 16-byte records in 256 bytes: exactly the newest 16 survive.
# (Not quiet: the tests wait for the "matched" message, which -q silences.)
# the records' values (not the end-of-tracing newlines' empty lines)
vals() { awk '$1 ~ /^[0-9]+$/ {print $4}' "$TMP/out"; }
tracer_start -b 256 -x bufpolicy=ring \
	-n 'syscall::sched_get_priority_max:entry { trace(++n); }' || exit 1
"$TRIG/sysloop" sched_get_priority_max 1000 0 >/dev/null
sleep 0.3
check "ring: nothing printed while tracing" "$(wc -c <"$TMP/out")" 0
tracer_stop INT
check "ring: exit status" "$TRC" 0
check "ring: the newest 16, oldest first" "$(vals | tr '\n' ' ')" \
	"985 986 987 988 989 990 991 992 993 994 995 996 997 998 999 1000 "

# Records of two sizes (16 and 24 bytes) in a buffer that wraps many times:
# what is printed is a run of consecutive events ending with the last one.
tracer_start -b 1k -x bufpolicy=ring \
	-n 'syscall::sched_get_priority_max:entry { trace(++n); }' \
	-n 'syscall::sched_get_priority_max:return { trace(++n); trace(0); }' || exit 1
"$TRIG/sysloop" sched_get_priority_max 5000 1 >/dev/null
tracer_stop INT
vals >"$TMP/vals"
first=$(head -n 1 "$TMP/vals")
last=$(tail -n 1 "$TMP/vals")
seq_ok=$(awk -v f="$first" '{ if ($1 != f + NR - 1) bad = 1 } END { print bad ? "no" : "yes" }' "$TMP/vals")
check "ring: consecutive events" "$seq_ok" yes
check "ring: ends with the last event" "$last" 10000
n=$(wc -l <"$TMP/vals")
if [ "$n" -ge 40 ] && [ "$n" -le 52 ]; then ok "ring: about 1k of records kept ($n)"; else not_ok "ring: $n records kept"; fi

# The seed's example, unchanged: the trigger's own syscalls are traced until
# one of its threads exits; timestamps increase within each CPU.
: >"$TMP/err"
(cd "$(dirname "$0")/ring" && exec "$SPT" -s seed.d sysloop) >"$TMP/out" 2>"$TMP/err" &
TPID=$!
for _ in $(seq 1 200); do grep -q matched "$TMP/err" && break; sleep 0.05; done
"$TRIG/sysloop" sched_get_priority_max 3000 0 >/dev/null
"$TRIG/sysloop" sched_get_priority_max 3000 1 >/dev/null
"$TRIG/sysloop" thread_exit 1 >/dev/null
tracer_end 5 "seed: exit()"
check "seed: exit status" "$TRC" 0
check "seed: heading" "$(head -n 1 "$TMP/out")" "CPU     ID                    FUNCTION:NAME"
incr=$(tail -n +2 "$TMP/out" | awk '$3 !~ /^exit:/ { if (($1 in last) && $4 <= last[$1]) bad = 1; last[$1] = $4; n++ }
	END { print (bad || n < 100) ? "no " n : "yes" }')
check "seed: timestamps increase within each CPU" "$incr" yes
# The exiting thread's exit:entry records twice (the entry clause and the
# exit clause); nothing was recorded on its CPU after it.
check "seed: exit:entry recorded by both clauses" "$(grep -c ' exit:entry ' "$TMP/out")" 2
cpu=$(grep ' exit:entry ' "$TMP/out" | tail -n 1 | awk '{print $1}')
check "seed: exit() stopped tracing on its CPU" \
	"$(awk -v c="$cpu" '$1 == c' "$TMP/out" | tail -n 1 | awk '{print $3}')" "exit:entry"
check_no_leftovers
e2e_done
