#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: syscall probes record the same whether attached as the raw
# tp_btf programs (a table lookup) or as one syscalls:sys_*_NAME tracepoint
# per probe (narrow enablings); sysattach=auto picks the tracepoints for a
# few syscalls and the raw programs for many; neither leaves anything
# attached.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

# Entry arguments, the path read from user memory, return values and
# errno, on success and failure, with a predicate and an aggregation.
prog='syscall::openat:entry /execname == "sysloop"/ { printf("open %s %x\n", copyinstr(arg1), arg2); }
syscall::openat:return /execname == "sysloop"/ { printf("open ret %d errno %d\n", arg1, errno); }
syscall::sched_get_priority_max:entry /execname == "sysloop"/ { printf("max %s\n", (int)arg0 == -1 ? "bad" : "good"); @n[probefunc, probename] = count(); }
syscall::sched_get_priority_max:return /execname == "sysloop"/ { printf("max ret %d errno %d\n", arg1, errno); }
END { printa("%s %s %@d\n", @n); }'

run_mode() {
	SYSLOOP_QUIET=1 "$SPT" -q -x sysattach="$1" -n "$prog" \
		-c "sh -c '$TRIG/sysloop openat 3 && $TRIG/sysloop sched_get_priority_max 2 && $TRIG/sysloop sched_get_priority_max_bad 2'" \
		>"$TMP/out.$1" 2>"$TMP/err.$1"
	echo "$?"
}
check "raw: exit status" "$(run_mode raw)" 0
check "tracepoint: exit status" "$(run_mode tracepoint)" 0
# sysloop's own start (the loader's opens) is traced too: the two runs are
# compared with each other, and the trigger's records looked for. A
# return probe's arg1 is the kernel's return value (-errno on failure).
# (sorted: each CPU's records come in turn, and the runs may use the CPUs
# differently)
check "the same records either way" "$(sort "$TMP/out.tracepoint")" "$(sort "$TMP/out.raw")"
for m in raw tracepoint; do
	check "$m: the failing opens" \
		"$(grep -A1 -x 'open /nonexistent/spectrace-trigger 0' "$TMP/out.$m" | grep -c -x 'open ret -2 errno 2')" 3
	check "$m: the good and the bad policy" \
		"$(grep -c -x 'max good' "$TMP/out.$m") $(grep -c -x 'max bad' "$TMP/out.$m") $(grep -c -x 'max ret -22 errno 22' "$TMP/out.$m")" \
		"2 2 2"
	check "$m: the aggregation" "$(grep -c -x 'sched_get_priority_max entry 4' "$TMP/out.$m")" 1
done
check "no messages" "$(cat "$TMP/err.raw" "$TMP/err.tracepoint" | grep -v 'has exited')" ""

# Kernel stacks start at the probe site either way: the tracepoint's
# glue (perf_call_bpf_enter, perf_syscall_enter) is dropped as the raw
# program's is.
for m in raw tracepoint; do
	SYSLOOP_QUIET=1 "$SPT" -q -x sysattach="$m" -c "$TRIG/sysloop getppid 3" \
		-n 'syscall::getppid:entry,syscall::getppid:return /pid == $target/ { @[probename, stack()] = count(); }' \
		>"$TMP/stk.$m" 2>"$TMP/err.$m"
	sed -i 's/+0x[0-9a-f]*$//' "$TMP/stk.$m"
done
check "stack() of entry and return: the same frames either way" "$(cat "$TMP/stk.tracepoint")" "$(cat "$TMP/stk.raw")"
# (a compiler's clone keeps its suffix, as kallsyms names it: 6.1 has
# syscall_trace_enter.constprop.0)
check_match "stack() of the entry starts at the syscall's entry work" \
	"$(grep -A1 '^  entry' "$TMP/stk.raw" | sed -n 2p | tr -d ' ')" '^vmlinux`syscall_trace_enter(\.[a-z]+\.[0-9]+)?$'

# auto: which programs are loaded while it traces.
progs() {
	tracer_start "$@" || return
	# this tracer's programs only (other tracers may run on the machine):
	# the ids of the programs its descriptors hold
	local id
	for id in $(cat /proc/"$TPID"/fdinfo/* 2>/dev/null | awk '$1 == "prog_id:" {print $2}' | sort -u); do
		bpftool -j prog show id "$id" 2>/dev/null | jq -r .name
	done | grep '^spt_sys_e' | sort | paste -sd ' '
	tracer_stop INT
}
check "auto, two syscalls: tracepoints" "$(progs -n 'syscall::openat:entry,syscall::openat:return')" \
	"spt_sys_enter_tp spt_sys_exit_tp"
check "auto, every syscall entry: the raw program" "$(progs -n 'syscall:::entry')" "spt_sys_enter"
check "sysattach=raw, one syscall: the raw program" "$(progs -x sysattach=raw -n 'syscall::openat:entry')" \
	"spt_sys_enter"
out=$("$SPT" -x sysattach=fast -n BEGIN 2>&1)
check "a bad value" "$?:$out" "1:spectrace: failed to set -x sysattach: Invalid value for specified option"
check_no_leftovers
e2e_done
