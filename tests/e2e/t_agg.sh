#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: aggregations kept per CPU are merged exactly across CPUs, and
# an aggregation whose space (aggsize) is exhausted counts every update it
# could not make as an aggregation drop on its CPU.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

if [ "$(nproc)" -ge 2 ]; then
	tracer_start -n 'syscall::sched_get_priority_min:entry /execname == "sysloop"/ { @c[cpu] = count(); @all = count(); @s = sum(arg0 + 2); }'
	"$TRIG/sysloop" sched_get_priority_min 1000 0 >/dev/null
	"$TRIG/sysloop" sched_get_priority_min 2000 1 >/dev/null
	tracer_stop
	# SIGINT's newline, the final one, then the aggregations, no separator.
	want=$(printf '\n\n %8d %16d\n %8d %16d\n %16d\n %16d\n.' 0 1000 1 2000 3000 6000)
	check "per-CPU counts and their merge" "$(cat "$TMP/out"; echo .)" "$want"
	check "exit status" "$TRC" 0
	# Fast counts (abi/buf.h): counted in the probe program, merged the same.
	tracer_start -n 'syscall::sched_get_priority_min:entry { @n = count(); } syscall::sched_get_priority_min:entry /cpu == 1/ { @one = count(); }'
	"$TRIG/sysloop" sched_get_priority_min 1000 0 >/dev/null
	"$TRIG/sysloop" sched_get_priority_min 2000 1 >/dev/null
	tracer_stop
	want=$(printf '\n\n %16d\n %16d\n.' 3000 2000)
	check "fast counts, with and without a fast predicate" "$(cat "$TMP/out"; echo .)" "$want"
	# aggpercpu: after each value, every possible CPU's, as "\n    [CPU n]" and the value.
	tracer_start -x aggpercpu -n 'syscall::sched_get_priority_min:entry /execname == "sysloop"/ { @n = count(); @k[1] = sum(2); }'
	"$TRIG/sysloop" sched_get_priority_min 1000 0 >/dev/null
	"$TRIG/sysloop" sched_get_priority_min 2000 1 >/dev/null
	tracer_stop
	ncpu=$(($(sed 's/.*[-,]//' /sys/devices/system/cpu/possible) + 1))
	want=$(printf '\n\n %16d' 3000
		for ((c = 0; c < ncpu; c++)); do
			printf '\n    [CPU %d] %16d' "$c" $((c == 0 ? 1000 : c == 1 ? 2000 : 0))
		done
		printf '\n %8d %16d' 1 6000
		for ((c = 0; c < ncpu; c++)); do
			printf '\n    [CPU %d] %16d' "$c" $((c == 0 ? 2000 : c == 1 ? 4000 : 0))
		done
		printf '\n.')
	check "aggpercpu: each CPU's value after the value" "$(cat "$TMP/out"; echo .)" "$want"
else
	echo "SKIP: per-CPU merge needs 2 CPUs"
fi

# 4 tuples fit (keys of 16 bytes, values of 32): 26 of 30 updates are drops.
tracer_start -x aggsize=192 -n 'syscall::sched_get_priority_min:entry /execname == "sysloop"/ { @[timestamp] = count(); }'
"$TRIG/sysloop" sched_get_priority_min 30 0 >/dev/null
# aggregation drops are reported with the other drops, once a pass
wait_for 30 grep -q 'aggregation drop' "$TMP/err"
tracer_stop
check "tuples kept" "$(grep -c ' 1$' "$TMP/out")" 4
check "aggregation drops reported" "$(grep 'aggregation drop' "$TMP/err")" \
	"spectrace: 26 aggregation drops on CPU 0"

check_no_leftovers
e2e_done
