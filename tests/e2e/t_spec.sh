#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: speculative tracing as DTrace does it: committed data appears
# (the committing CPU's part at once, the others' within the cleaning
# interval), discarded data never does, every failure is counted with
# DTrace's message, and the examples find exactly the failing calls.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"
top=$(cd "$(dirname "$0")/../.." && pwd)

# id 0 everywhere: accepted, no effect; slots 1..nspec then 0.
tracer_run -q -x nspec=3 -n 'BEGIN { speculate(0); printf("never\n"); }
	BEGIN { commit(0); discard(0); }
	BEGIN { a = speculation(); b = speculation(); c = speculation(); d = speculation();
		printf("%d %d %d %d\n", a, b, c, d); exit(0); }'
check "id 0 and nspec=3: output" "$(cat "$TMP/out")" "1 2 3 0"
check "one failed speculation" "$(grep speculation "$TMP/err")" \
	"spectrace: 1 failed speculation (no speculative buffer available)"

tracer_run -q -n 'BEGIN { a = speculation(); b = speculation(); c = speculation(); exit(0); }'
check "two failed speculations" "$(grep speculation "$TMP/err")" \
	"spectrace: 2 failed speculations (no speculative buffer available)"

# Commit and discard on the calling CPU: only the committed records, in order.
tracer_start -q -n 'BEGIN { printf("ready\n"); }
	syscall::sched_get_priority_min:entry /execname == "sysloop"/ {
		self->s = speculation(); speculate(self->s); printf("entry %d\n", ++n); }
	syscall::sched_get_priority_min:return /self->s && n % 2 == 0/ { commit(self->s); self->s = 0; }
	syscall::sched_get_priority_min:return /self->s/ { discard(self->s); self->s = 0; }'
"$TRIG/sysloop" sched_get_priority_min 6 0 >/dev/null
sleep 0.3
tracer_stop
check "commit and discard on one CPU" "$(grep -vx -e ready -e '' "$TMP/out")" "$(printf 'entry 2\nentry 4\nentry 6')"
check "no failures" "$(cat "$TMP/err" | grep -v matched)" ""

# Speculative drops: a part of 16 bytes holds one record; the earlier one is committed.
tracer_start -q -x specsize=16 -n 'BEGIN { s = speculation(); printf("ready\n"); }
	syscall::sched_get_priority_min:entry /execname == "sysloop"/ { speculate(s); printf("%d\n", ++n); }
	syscall::sched_get_priority_max:entry /execname == "sysloop"/ { commit(s); }'
"$TRIG/sysloop" sched_get_priority_min 5 0 >/dev/null
"$TRIG/sysloop" sched_get_priority_max 1 0 >/dev/null
sleep 0.3
tracer_stop
check "speculative drops: the first record committed" "$(grep -vx -e ready -e '' "$TMP/out")" "1"
check "speculative drops reported" "$(grep speculative "$TMP/err")" "spectrace: 4 speculative drops"

# Data beyond specsize stops the clause there, as dtrace-utils does: what
# the clause did before that point holds, the rest does not run, nothing of
# it is kept, one speculative drop. Records here: 8 bytes of header, 8 per trace().
tracer_run -q -x specsize=32 -n 'BEGIN { s = speculation(); }
	BEGIN { speculate(s); x = 1; trace(1); y = 1; trace(2); trace(3); trace(4); z = 1; }
	BEGIN { commit(s); }
	BEGIN { printf("%d %d %d\n", x, y, z); exit(0); }'
check "beyond specsize: the clause stops at the data that does not fit" "$(cat "$TMP/out")" "1 1 0"
check "beyond specsize: one speculative drop" "$(grep speculative "$TMP/err")" \
	"spectrace: 1 speculative drop"

# A part larger than the room in the principal buffer: nothing copied, one drop.
tracer_start -q -b 64 -n 'BEGIN { s = speculation(); printf("ready\n"); }
	syscall::sched_get_priority_min:entry /execname == "sysloop"/ { speculate(s); printf("%d\n", ++n); }
	syscall::sched_get_priority_max:entry /execname == "sysloop"/ { commit(s); }'
"$TRIG/sysloop" sched_get_priority_min 5 0 >/dev/null
"$TRIG/sysloop" sched_get_priority_max 1 0 >/dev/null
sleep 0.3
tracer_stop
check "commit too large: nothing copied" "$(grep -vx -e ready -e '' "$TMP/out")" ""
check "commit too large: one drop" "$(grep drop "$TMP/err")" "spectrace: 1 drop on CPU 0"

if [ "$(nproc)" -ge 2 ]; then
	# Parts on both CPUs, committed from CPU 0: CPU 0's part at once, CPU 1's
	# within the cleaning interval (1 s here); meanwhile the slot is busy.
	tracer_start -q -x cleanrate=1hz -n 'BEGIN { s = speculation(); printf("ready\n"); }
		syscall::sched_get_priority_min:entry /execname == "sysloop"/ {
			speculate(s); printf("part on cpu %d\n", cpu); }
		syscall::sched_get_priority_max:entry /execname == "sysloop" && !self->done/ { commit(s); self->done = 1; }
		syscall::sched_get_priority_max:return /execname == "sysloop"/ { t = speculation(); }'
	"$TRIG/sysloop" sched_get_priority_min 1 1 >/dev/null
	"$TRIG/sysloop" sched_get_priority_min 1 0 >/dev/null
	"$TRIG/sysloop" sched_get_priority_max 5 0 >/dev/null
	sleep 1.5
	tracer_stop
	check "both parts committed" "$(grep -vx -e ready -e '' "$TMP/out" | sort)" "$(printf 'part on cpu 0\npart on cpu 1')"
	check "busy while committing" "$(grep speculation "$TMP/err")" \
		"spectrace: 5 failed speculations (available buffer(s) still busy)"

	# Stress: 4 threads on both CPUs; every third call committed, the rest
	# discarded. Each committed record exactly once, nothing else, no slot
	# left busy.
	tracer_start -q -x nspec=32 -n 'BEGIN { printf("ready\n"); }
		syscall::sched_get_priority_min:entry /execname == "spstress"/ {
			self->s = speculation(); self->seq = arg0; speculate(self->s);
			printf("%d\n", arg0); }
		syscall::sched_get_priority_min:return /self->s && self->seq % 3 == 0/ {
			commit(self->s); self->s = 0; }
		syscall::sched_get_priority_min:return /self->s/ { discard(self->s); self->s = 0; }'
	"$TRIG/spstress" 4 3000 >/dev/null
	sleep 0.5
	tracer_stop
	want=$(for t in 0 1 2 3; do seq $((t * 1000000)) $((t * 1000000 + 2999)); done |
		awk '$1 % 3 == 0' | sort -n)
	got=$(grep -vx -e ready -e '' "$TMP/out" | sort -n)
	check "stress: every committed record once, nothing discarded" \
		"$(echo "$got" | md5sum) $(echo "$got" | wc -l)" "$(echo "$want" | md5sum) 4000"
	check "stress: no failure, no slot left busy" "$(grep -v matched "$TMP/err")" ""
else
	echo "SKIP: the cross-CPU tests need 2 CPUs"
fi

# The examples: specopenat.d shows only the failing opens of the command.
# (the file in the middle exists, in a qemu guest too)
tracer_run -F -s "$top/examples/specopenat.d" -c "cat /nonexistent/spt-a $top/examples/specopenat.d /nonexistent/spt-b"
check_match "specopenat: the failing opens" "$(grep -E 'spt-|examples/' "$TMP/out")" \
	'^ *[0-9]+  => openat +/nonexistent/spt-[ab]$'
check "specopenat: both, in order" "$(grep -oE 'spt-[ab]' "$TMP/out" | paste -sd ' ')" "spt-a spt-b"

tracer_run -s "$top/examples/failhunt.d" 22 -c "$TRIG/sysloop sched_get_priority_max_bad 1"
# Records of other CPUs' parts (before the command pinned itself) may follow.
check "failhunt: the failing call and its return" \
	"$(grep -A1 'sched_get_priority_max(' "$TMP/out" | sed -E 's/^ *[0-9]+ //; s/, .*//')" \
	"$(printf 'sched_get_priority_max(0xffffffff\n  = -22   <== failed')"
check "failhunt: exit status of the command's end" "$TRC" 0

check_no_leftovers
e2e_done
