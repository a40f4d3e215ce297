#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: the KTR flight recorder logs exactly the events whose class is
# in ktr_mask on the CPUs of ktr_cpumask, keeps the newest ktr_entries per
# CPU, merges the CPUs by time, formats every conversion it knows, follows
# setting changes without a reload, and outlives a SIGKILLed tracer until
# `ktrdump --clear`; pins of another layout are refused.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

DRIVE="$TRIG/ktr_drive"
# A recorder of our own, so a developer's /sys/fs/bpf/spectrace is left alone.
export SPECTRACE_KTR_DIR=/sys/fs/bpf/spectrace-e2e-$$
ktr_cleanup() {
	"$SPT" ktrdump --clear >/dev/null 2>&1
	e2e_cleanup
}
trap ktr_cleanup EXIT

dump() { "$SPT" ktrdump "$@"; }
msgs() { dump "$@" | cut -c 35-; }
lines() { dump "$@" | wc -l; }
ncpus=$(nproc)

# --- classes -------------------------------------------------------------
"$DRIVE" -x ktr_mask=TEST seq 0 TEST 5 100 || exit 1
check "pins are 0600" "$(stat -c %a "$SPECTRACE_KTR_DIR"/spt_ktr_{ctl,buf,fmt} | xargs)" \
	"600 600 600"
check "pin directory is 0700" "$(stat -c %a "$SPECTRACE_KTR_DIR")" 700
"$DRIVE" seq 0 USER0 7 100
check "class in ktr_mask logged, class outside not" "$(msgs)" "seq 0 base+n 100
seq 1 base+n 101
seq 2 base+n 102
seq 3 base+n 103
seq 4 base+n 104"
dump --set ktr_mask=TEST,USER0
"$DRIVE" seq 0 USER0 3 1000
"$DRIVE" seq 0 USER1 3 2000
check "--set ktr_mask takes effect at once" "$(lines)" 8
check "-m USER0" "$(msgs -m USER0 | xargs)" \
	"seq 0 base+n 1000 seq 1 base+n 1001 seq 2 base+n 1002"
check "-m 0x8000 (TEST)" "$(lines -m 0x8000)" 5
check "--show" "$(dump --show | head -n 4)" "ktr_mask=TEST,USER0
ktr_cpumask=$( [ "$ncpus" = 1 ] && echo 0 || echo "0-$((ncpus - 1))")
ktr_entries=1024
ktr_verbose=0"

# --- CPUs ----------------------------------------------------------------
if [ "$ncpus" -ge 2 ]; then
	dump --set ktr_cpumask=1
	"$DRIVE" seq 0 TEST 4 300
	"$DRIVE" seq 1 TEST 4 400
	check "only CPUs in ktr_cpumask log" "$(msgs -c 1 | xargs)" \
		"seq 0 base+n 400 seq 1 base+n 401 seq 2 base+n 402 seq 3 base+n 403"
	check "nothing from CPU 0" "$(lines -c 0)" 8
	check "cpu column" "$(dump -c 1 | awk '{print $2}' | sort -u)" 1
	dump --set ktr_cpumask=all
fi

# --- wraparound ----------------------------------------------------------
dump --clear
"$DRIVE" -x ktr_mask=TEST -x ktr_entries=100 seq 0 TEST 250 || exit 1
check "exactly ktr_entries kept" "$(lines)" 100
check "the newest, oldest first" "$(msgs | sed -n '1p;$p')" "seq 150 base+n 150
seq 249 base+n 249"
check "index is the event's number on its CPU" \
	"$(dump | awk 'NR == 1 || NR == 100 {print $1}' | xargs)" "150 249"
# A new ktr_entries discards what is there (as FreeBSD's does), then wraps anew.
dump --set ktr_entries=10
"$DRIVE" seq 0 TEST 25 500
check "ktr_entries changed at run time" "$(msgs | sed -n '1p;$p;$=')" "seq 15 base+n 515
seq 24 base+n 524
10"
"$DRIVE" -x ktr_entries=3000 seq 0 TEST 2 2>"$TMP/drive.err"
check "more entries than the pins hold: new buffers" "$(cat "$TMP/drive.err")" \
	"spectrace: KTR buffers at $SPECTRACE_KTR_DIR enlarged to 3000 entries per CPU; their earlier events are discarded"
check "enlarged buffers in use" "$(dump --show | sed -n 3p)" "ktr_entries=3000"
check "formats survive the enlargement" "$(msgs | xargs)" "seq 0 base+n 0 seq 1 base+n 1"

# --- merge order ---------------------------------------------------------
if [ "$ncpus" -ge 2 ]; then
	dump --clear
	"$DRIVE" -x ktr_mask=TEST seq 0 TEST 3 0
	"$DRIVE" seq 1 TEST 3 10
	"$DRIVE" seq 0 TEST 3 20
	"$DRIVE" seq 1 TEST 3 30
	check "CPUs merged by time" "$(dump | awk '{printf "%s:%s ", $2, $NF}')" \
		"0:0 0:1 0:2 1:10 1:11 1:12 0:20 0:21 0:22 1:30 1:31 1:32 "
	check "raw timestamps never go back" \
		"$(dump -t | awk 'NR > 1 && $3 < prev {bad = 1} {prev = $3} END {print bad + 0}')" 0
fi

# --- conversions, columns ------------------------------------------------
dump --clear
"$DRIVE" -x ktr_mask=TEST conv 0 TEST || exit 1
check "every conversion" "$(msgs)" 'd=-42
i=42 u=4294967295
x=beef X=BEEF
o=10
c=KT
p=0xffff888012345678
percent=%
ld=-1 lld=-9000000000
lu=18446744073709551615 llx=123456789abc hhd=-1
w=[   42] [42   ] [00042]
f=[+7] [ 7] [0xff] [010]
prec=[005] [     00a]
s=0x1234
five 1 2 3 4 5'
check "-H header" "$(dump -H | head -n 1)" "   index cpu            timestamp trace"
check_match "columns" "$(dump)" '^ +[0-9]+ +0 +[0-9]+\.[0-9]{9} [a-z]'
check_match "-t raw ns" "$(dump -t)" '^ +[0-9]+ +0 +[0-9]+ [a-z]'
check_match "-f file:line" "$(dump -f)" '^ +[0-9]+ +0 +[0-9.]+ ktr_test\.bpf\.c:[0-9]+ +[a-z]'
check "-c and -m errors are usage errors" "$(dump -c 999 2>&1; echo $?)" \
	"spectrace: invalid CPU list -c 999
2"

# --- spectrace's own events, live, changed while running, post-mortem ----
dump --clear
tracer_start -x ktr_mask=BUF,DISPATCH -x switchrate=20hz \
	-n syscall::sched_get_priority_max:entry || exit 1
"$TRIG/sysloop" sched_get_priority_max 50 0 >/dev/null
check "dispatch events while tracing" "$(lines -m DISPATCH)" 50
check_match "dispatch message" "$(msgs -m DISPATCH)" \
	'^dispatch: eprobe [0-9]+, 1 clauses, forced 0$'
wait_for 30 eval '[ -n "$(msgs -m BUF)" ]'
# A switch that meets a record still being written is refused and logged
# so (how often depends on the machine's speed); every other is a switch.
check_match "buffer switches" "$(msgs -m BUF)" \
	'^(switch: buffer [01] active, buffer [01] holds [0-9]+ bytes|switch refused: a record is in flight)$'
check_match "a buffer switch happened" "$(msgs -m BUF | grep '^switch: buffer')" \
	'^switch: buffer [01] active, buffer [01] holds [0-9]+ bytes$'
dump --set ktr_mask=BUF
"$TRIG/sysloop" sched_get_priority_max 30 0 >/dev/null
dump --set ktr_mask=BUF,DISPATCH
"$TRIG/sysloop" sched_get_priority_max 20 0 >/dev/null
check "mask changed while tracing" "$(lines -m DISPATCH)" 70
if [ "$ncpus" -ge 2 ]; then
	dump --set ktr_cpumask=1
	"$TRIG/sysloop" sched_get_priority_max 10 0 >/dev/null
	"$TRIG/sysloop" sched_get_priority_max 10 1 >/dev/null
	dump --set ktr_cpumask=all
	check "cpumask changed while tracing" "$(lines -m DISPATCH -c 1)" 10
fi
# The echo starts when the consumer sees ktr_verbose; events it had not
# read by then may be echoed too. With DISPATCH masked, a switch's echo
# shows that the consumer is echoing and has echoed any such backlog; the
# dispatches after that are counted.
dump --set ktr_mask=BUF
dump --set ktr_verbose=1
echoed() { grep -c "spectrace: ktr: cpu [0-9]*: $1" "$TMP/err"; }
wait_for 30 eval '[ "$(echoed switch)" -gt 0 ]'
n0=$(echoed 'dispatch')
dump --set ktr_mask=BUF,DISPATCH
"$TRIG/sysloop" sched_get_priority_max 5 0 >/dev/null
wait_for 30 eval '[ "$(echoed dispatch)" -ge $((n0 + 5)) ]'
check "ktr_verbose echoes on stderr" "$(($(echoed dispatch) - n0))" 5
n=$(lines -m DISPATCH)
tracer_stop KILL
check "tracer killed" "$TRC" 137
check "post-mortem dump after SIGKILL" "$(lines -m DISPATCH)" "$n"

# Pins are reused: a second run adds to the first one's events.
tracer_start -x ktr_mask=DISPATCH -n syscall::sched_get_priority_max:entry || exit 1
"$TRIG/sysloop" sched_get_priority_max 3 0 >/dev/null
tracer_stop INT
check "second run appends" "$(lines -m DISPATCH)" "$((n + 3))"
# Without ktr options a run joins the pins and keeps their settings.
tracer_start -n syscall::sched_get_priority_max:entry || exit 1
"$TRIG/sysloop" sched_get_priority_max 2 0 >/dev/null
tracer_stop INT
check "run without options joins the pins" "$(lines -m DISPATCH)" "$((n + 5))"

dump --clear
check "--clear removes the pins" "$(ls "$SPECTRACE_KTR_DIR" 2>&1 | grep -c spt_ktr)" 0
check "dump without pins fails" "$(dump 2>&1; echo $?)" \
	"spectrace: no KTR buffers pinned at $SPECTRACE_KTR_DIR
1"
check_no_leftovers "nothing left after --clear"

# --- pins of another layout are refused ------------------------------------
mkdir -p "$SPECTRACE_KTR_DIR"
bpftool map create "$SPECTRACE_KTR_DIR/spt_ktr_ctl" type array key 4 value 8 entries 1 \
	name spt_ktr_ctl
bpftool map create "$SPECTRACE_KTR_DIR/spt_ktr_buf" type array key 4 value 64 entries 2 \
	name spt_ktr_buf
bpftool map create "$SPECTRACE_KTR_DIR/spt_ktr_fmt" type hash key 4 value 256 entries 1 \
	name spt_ktr_fmt
"$SPT" -x ktr_mask=BUF -n syscall::sched_get_priority_max:entry >/dev/null 2>"$TMP/bad.err"
check "tracer refuses them: status" "$?" 1
check_match "tracer refuses them: message" "$(cat "$TMP/bad.err")" \
	"^spectrace: could not enable tracing: unusable KTR maps pinned at $SPECTRACE_KTR_DIR: .*ktrdump --clear"
tracer_start -n syscall::sched_get_priority_max:entry || exit 1
tracer_stop INT
check_match "without ktr options it traces, KTR off" "$(head -n 1 "$TMP/err")" \
	"^spectrace: KTR is off for this run: unusable KTR maps pinned at"
check "ktrdump refuses them" "$(dump >/dev/null 2>&1; echo $?)" 1
dump --clear
check_no_leftovers

e2e_done
