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

# stopped PID: wait until the process PID is stopped (SIGSTOP delivered).
stopped() {
	local i
	for ((i = 0; i < 200 * E2E_SLOW; i++)); do
		[ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" = T ] && return 0
		sleep 0.05
	done
	return 1
}

# 256 bytes hold 32 default-action records. The consumer is stopped
# (SIGSTOP) while a burst of 5000 fires, so no switch can make room on
# any machine: exactly 32 are printed once it goes on, 4968 dropped.
tracer_start -b 256 -n 'syscall::sched_get_priority_max:entry' || exit 1
kill -STOP "$TPID"
if stopped "$TPID"; then
	"$TRIG/sysloop" sched_get_priority_max 5000 0 >/dev/null
	kill -CONT "$TPID"
	tracer_stop INT
	check "exit status" "$TRC" 0
	check "a full buffer printed" "$(printed)" 32
	check "the rest dropped and reported" "$(drops)" 4968
	check_match "drop message format" "$(grep -v matched "$TMP/err")" \
		'^spectrace: [0-9]+ drops? on CPU 0$'
else
	kill -CONT "$TPID"
	tracer_stop INT
	not_ok "the tracer did not stop on SIGSTOP"
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
# Early switch: the consumer switches a CPU whenever its active buffer is
# more than half full, not only at switchrate. With switchrate=1h there
# is no periodic pass during the test, so records printed before tracing
# stops were printed by an early switch: 6000 records of 32 bytes, more
# than half of a 256k buffer (8192 records), all printed while tracing
# goes on; none can be dropped, since they fit in one buffer. The
# consumer is stopped while they are written, so that its first look
# finds all of them (one that looked in the middle would print the first
# half and leave the rest under half full, waiting for switchrate).
id=$("$SPT" -l -n syscall::sched_get_priority_max:entry | awk 'NR == 2 {print $1}')
rec() { printf '%3d %6d %32s %d sysloop' 0 "$id" sched_get_priority_max:entry "$1"; }
tracer_start -b 256k -x switchrate=1h \
	-n 'syscall::sched_get_priority_max:entry { printf("%d %s\n", pid, execname); }' || exit 1
kill -STOP "$TPID"
stopped "$TPID" || not_ok "early switch: the tracer did not stop on SIGSTOP"
"$TRIG/sysloop" sched_get_priority_max 6000 0 >/dev/null &
sp=$!
wait "$sp"
kill -CONT "$TPID"
for ((i = 0; i < 600 * E2E_SLOW; i++)); do
	[ "$(grep -cxF "$(rec "$sp")" "$TMP/out")" = 6000 ] && break
	sleep 0.1
done
check "early switch: every record printed while tracing" "$(grep -cxF "$(rec "$sp")" "$TMP/out")" 6000
tracer_stop INT
check "early switch: exit status" "$TRC" 0
check "early switch: no drop" "$(grep -v matched "$TMP/err")" ""
# A burst five times one buffer (40000 records): how many are dropped
# depends on how soon the consumer is scheduled (tools/bench reports
# it); what holds on any machine is the accounting, switchrate given or
# not.
for sr in "" "-x switchrate=1hz"; do
	# Not -q: the "matched" message tells that the gate is open.
	tracer_start -b 256k $sr \
		-n 'syscall::sched_get_priority_max:entry { printf("%d %s\n", pid, execname); }' || exit 1
	"$TRIG/sysloop" sched_get_priority_max 40000 0 >/dev/null &
	sp=$!
	wait "$sp"
	tracer_stop INT
	check "burst${sr:+ ($sr)}: exit status" "$TRC" 0
	p=$(grep -cxF "$(rec "$sp")" "$TMP/out")
	check "burst${sr:+ ($sr)}: nothing else" "$(grep -vc '^$' "$TMP/out")" $((p + 1))
	check "burst${sr:+ ($sr)}: printed + dropped = fired" "$((p + $(drops)))" 40000
	check "burst${sr:+ ($sr)}: no malformed record" "$(grep -c malformed "$TMP/err")" 0
	echo "# burst${sr:+ ($sr)}: $p printed, $(drops) dropped"
done

# fill: 2k per CPU, 8 bytes kept for END's record: 255 records, then the
# buffer is filled, tracing stops by itself, END runs, the rest are drops.
# The consumer is stopped during the 1000 firings, so it cannot notice the
# full buffer (and stop tracing) before all of them have fired, however
# slow the machine: the counts are exact.
tracer_start -n 'syscall::sched_get_priority_max:entry' -n 'END { printf("end\n"); }' \
	-b 2k -x bufpolicy=fill || exit 1
kill -STOP "$TPID"
stopped "$TPID" || not_ok "fill: the tracer did not stop on SIGSTOP"
"$TRIG/sysloop" sched_get_priority_max 1000 0 >/dev/null
kill -CONT "$TPID"
tracer_end 15 "fill"
check "fill: exit status" "$TRC" 0
check "fill: records before the buffer filled" "$(printed)" 255
check "fill: drops" "$(drops)" 745
check "fill: END output last" "$(grep -v '^$' "$TMP/out" | tail -n 1 | sed -E 's/^ +[0-9]+ +//')" "2                             :END end"
out=$("$SPT" -n 'END { trace(1); trace(2); }' -b 16 -x bufpolicy=fill 2>&1)
check "fill: END reservation exit status" "$?" 1
check "fill: END reservation message" "$out" \
	"spectrace: could not enable tracing: END enablings exceed size of principal buffer"
check_no_leftovers

e2e_done
