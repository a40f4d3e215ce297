#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: every firing of an enabled syscall probe is printed once, with
# dtrace's heading and columns, on the CPU it fired on; the tracer stops on
# SIGINT/SIGTERM with status 0 and leaves nothing attached.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

# sched_get_priority_max/min: no other process on a test machine calls
# them, so their counts are exact.
count() { grep -c -- "$1" "$TMP/out"; }

tracer_start -n 'syscall::sched_get_priority_max:entry' -x switchrate=20hz || exit 1
"$TRIG/sysloop" sched_get_priority_max 1000 >/dev/null
tracer_stop INT
check "exit status after SIGINT" "$TRC" 0
check "matched message" "$(cat "$TMP/err")" \
	"spectrace: description 'syscall::sched_get_priority_max:entry' matched 1 probe"
# SIGINT's newline comes where the output was when it arrived (the records
# drained after it follow it), the final newline last.
check "heading" "$(grep -m 1 . "$TMP/out")" "CPU     ID                    FUNCTION:NAME"
check "all 1000 firings printed" "$(count 'sched_get_priority_max:entry')" 1000
check_match "record lines" "$(grep . "$TMP/out" | tail -n +2)" \
	'^ {2}[0-9] +[0-9]+ +sched_get_priority_max:entry $'
check "SIGINT: its newline and the final one" "$(grep -c '^$' "$TMP/out")" 2
check "SIGINT: the final newline last" "$(tail -c 1 "$TMP/out" | od -An -c | tr -d ' ')" '\n'
id=$("$SPT" -l -n syscall::sched_get_priority_max:entry | awk 'NR == 2 {print $1}')
check "ID column is the probe id" "$(awk '$1 ~ /^[0-9]+$/ {print $2; exit}' "$TMP/out")" "$id"
check_no_leftovers "nothing left after SIGINT"

# Records land on the CPU that fired, each CPU's buffer drained.
tracer_start -n 'syscall::sched_get_priority_max:entry' -x switchrate=20hz || exit 1
"$TRIG/sysloop" sched_get_priority_max 300 0 >/dev/null
"$TRIG/sysloop" sched_get_priority_max 200 1 >/dev/null
tracer_stop TERM
check "exit status after SIGTERM" "$TRC" 0
check "CPU 0 firings" "$(awk '$1 == 0' "$TMP/out" | wc -l)" 300
check "CPU 1 firings" "$(awk '$1 == 1' "$TMP/out" | wc -l)" 200
check_no_leftovers "nothing left after SIGTERM"

# Entry and return of one syscall; a probe enabled by two descriptions
# records once per description.
tracer_start -n 'syscall::sched_get_priority_min:' \
	-n 'sched_get_priority_m*:entry' || exit 1
"$TRIG/sysloop" sched_get_priority_min 150 >/dev/null
"$TRIG/sysloop" sched_get_priority_max 70 >/dev/null
tracer_stop INT
check "two descriptions" "$(cat "$TMP/err")" \
"spectrace: description 'syscall::sched_get_priority_min:' matched 2 probes
spectrace: description 'sched_get_priority_m*:entry' matched 2 probes"
check "min entry, once per description" "$(count 'sched_get_priority_min:entry')" 300
check "min return" "$(count 'sched_get_priority_min:return')" 150
check "max entry" "$(count 'sched_get_priority_max:entry')" 70

# openat, the quick-start probe: all of the trigger's calls are there
# (other processes may add their own).
tracer_start -n 'syscall::openat:entry' || exit 1
"$TRIG/sysloop" openat 500 >/dev/null
tracer_stop INT
n=$(count 'openat:entry')
if [ "$n" -ge 500 ]; then ok "openat: $n >= 500 firings"; else not_ok "openat: $n < 500 firings"; fi

# -q: no heading, no default-action lines, no matched message.
: >"$TMP/err"
"$SPT" -q -n 'syscall::sched_get_priority_max:entry' >"$TMP/out" 2>"$TMP/err" &
TPID=$!
sleep 1
"$TRIG/sysloop" sched_get_priority_max 10 >/dev/null
tracer_stop INT
# but SIGINT's newline and the final one, which dtrace writes under -q too
check "-q prints nothing but the two newlines" "$(cat "$TMP/out" "$TMP/err"; echo .)" "$(printf '\n\n.')"

# String fields are as long as their strings can be (execname 16 bytes, a
# literal its length + 1, a probe name 128): the text is what strsize
# fields printed.
tracer_start -q -n 'BEGIN { printf("ready\n"); }' \
	-n 'syscall::sched_get_priority_max:entry { printf("%d %s %s %s %s|\n", pid, execname, "a literal", probefunc, strjoin(execname, "!")); trace(execname); trace("lit"); printf("\n"); }' || exit 1
"$TRIG/sysloop" sched_get_priority_max 2 >/dev/null &
sp=$!
wait "$sp"
tracer_stop INT
check "sized strings: printf and trace, quiet" "$(grep -v '^$' "$TMP/out")" \
"ready
$sp sysloop a literal sched_get_priority_max sysloop!|
sysloop""lit
$sp sysloop a literal sched_get_priority_max sysloop!|
sysloop""lit"
tracer_start -n 'syscall::sched_get_priority_max:entry { trace(execname); trace("lit"); }' || exit 1
"$TRIG/sysloop" sched_get_priority_max 1 0 >/dev/null
tracer_stop INT
check "sized strings: trace's columns" "$(grep -m 1 sched_get "$TMP/out")" \
	"$(printf '%3d %6d %32s   %-33s  %-33s' 0 "$id" sched_get_priority_max:entry sysloop lit)"

# A wide description attaches at once.
start=$(date +%s%N)
tracer_start -n 'syscall:::entry' || exit 1
ms=$((($(date +%s%N) - start) / 1000000))
nprobes=$("$SPT" -l -n 'syscall:::entry' | tail -n +2 | wc -l)
check "syscall:::entry matched" "$(cat "$TMP/err")" \
	"spectrace: description 'syscall:::entry' matched $nprobes probes"
"$TRIG/sysloop" sched_get_priority_max 5 >/dev/null
tracer_stop INT
check "syscall:::entry sees the trigger" "$(count 'sched_get_priority_max:entry')" 5
if [ "$ms" -lt $((2000 * E2E_SLOW)) ]; then ok "syscall:::entry ready in ${ms} ms"; else not_ok "syscall:::entry took ${ms} ms"; fi
check_no_leftovers

# Fast records (abi/buf.h) print what the VM prints: the same clause run
# by the probe program (no predicate: a fast record) and by the VM (a
# predicate that is not a fast one), on the same firings.
fr='{ printf("%d %d %d %s\n", pid, tid, arg0, execname); }'
tracer_start -n "syscall::sched_get_priority_max:entry /execname == \"sysloop\"/ $fr" \
	-n "syscall::sched_get_priority_max:entry $fr" || exit 1
"$TRIG/sysloop" sched_get_priority_max 50 0 >/dev/null
"$TRIG/sysloop" sched_get_priority_max 30 1 >/dev/null
tracer_stop
check "fast record: exit status" "$TRC" 0
"$SPT" -S -n "syscall::sched_get_priority_max:entry $fr" -c true >/dev/null 2>"$TMP/dis"
check "fast record: -S shows it" "$(grep -c 'fast record: 4 fields' "$TMP/dis")" 1
grep sysloop "$TMP/out" >"$TMP/lines"
check "fast record: 160 lines" "$(wc -l <"$TMP/lines")" 160
check "fast record: the VM's lines and the probe program's alike" \
	"$(awk 'NR % 2 == 1' "$TMP/lines")" "$(awk 'NR % 2 == 0' "$TMP/lines")"
check_match "fast record: columns, then pid tid arg0 execname" "$(sort -u "$TMP/lines")" \
	'^ {2}[01] +[0-9]+ +sched_get_priority_max:entry [0-9]+ [0-9]+ [0-9]+ sysloop$'
check_no_leftovers "fast record: nothing left"

e2e_done
