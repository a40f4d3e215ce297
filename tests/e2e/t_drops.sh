#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: under the switch policy a record that does not fit is dropped
# and counted per CPU, and printed records plus reported drops account for
# every firing, also while switches interrupt writers on both CPUs.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

# sum of "spectrace: N drops on CPU C" lines
drops() { awk '$3 ~ /^drops?$/ {n += $2} END {print n + 0}' "$TMP/err"; }
printed() { grep -c 'sched_get_priority_max:entry' "$TMP/out"; }

# 256 bytes hold 32 default-action records; a second's burst overflows it.
tracer_start -b 256 -n 'syscall::sched_get_priority_max:entry' || exit 1
"$TRIG/sysloop" sched_get_priority_max 5000 0 >/dev/null
tracer_stop INT
check "exit status" "$TRC" 0
d=$(drops)
p=$(printed)
if [ "$d" -gt 0 ]; then ok "drops reported ($d)"; else not_ok "no drops reported"; fi
check "printed + dropped = fired" "$((p + d))" 5000
check_match "drop message format" "$(grep -v matched "$TMP/err")" \
	'^spectrace: [0-9]+ drops? on CPU 0$'
if [ "$p" -ge 32 ] && [ "$p" -le 64 ]; then
	ok "a full buffer's worth printed ($p)"
else
	not_ok "expected 32..64 records printed, got $p"
fi

# Both CPUs firing hard while the consumer switches at 100hz: the switch
# lands in the middle of writers and must never lose or tear a record.
tracer_start -b 64k -x switchrate=100hz -n 'syscall::sched_get_priority_max:entry' || exit 1
"$TRIG/sysloop" sched_get_priority_max 100000 0 >/dev/null &
t0=$!
"$TRIG/sysloop" sched_get_priority_max 100000 1 >/dev/null
wait "$t0"
tracer_stop INT
check "exit status under load" "$TRC" 0
d=$(drops)
p=$(printed)
check "under load: printed + dropped = fired" "$((p + d))" 200000
check "no malformed record" "$(grep -c malformed "$TMP/err")" 0
echo "# under load: $p printed, $d dropped"
check_no_leftovers

e2e_done
