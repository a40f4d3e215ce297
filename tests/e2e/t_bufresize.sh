#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: principal buffers the kernel refuses are halved until it
# grants them, with dtrace's "buffer size lowered" message, under
# bufresize=auto (the default, also as a pragma); bufresize=manual fails
# with exit status 1 and says why.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

# the records' values (the empty lines are the end-of-tracing newlines)
vals() { awk '$1 ~ /^[0-9]+$/ {print $4}' "$TMP/out" | paste -sd ' '; }
usage() {
	local out rc
	out=$("$SPT" "$@" 2>&1 >/dev/null)
	rc=$?
	echo "$rc|$out"
}

check "bad bufresize" "$(usage -x bufresize=sometimes -n BEGIN)" \
	"1|spectrace: failed to set -x bufresize: Invalid value for specified option"

# manual: 64g per CPU is more than BPF programs can address (the verifier
# refuses offsets from 512m on), so the buffers are refused before anything
# is allocated or loaded.
out=$("$SPT" -b 64g -x bufresize=manual -n 'syscall::sched_get_priority_max:entry' 2>&1)
check "manual: exit status" "$?" 1
check "manual: message" "$out" \
	"spectrace: could not enable tracing: cannot allocate principal buffers of 64g per CPU: BPF programs address at most 512m (bufresize=manual)"
printf '#pragma D option bufsize=64g\n#pragma D option bufresize=manual\nBEGIN { exit(0); }\n' >"$TMP/manual.d"
out=$("$SPT" -s "$TMP/manual.d" 2>&1)
check "manual by pragma: exit status" "$?" 1
check "manual by pragma: message" "$out" \
	"spectrace: could not enable tracing: cannot allocate principal buffers of 64g per CPU: BPF programs address at most 512m (bufresize=manual)"

# auto: 64g, 32g, ... 1g are refused, 512m is what the kernel grants here:
# 2 buffers of 512m on every possible CPU, allocated and zeroed by the
# kernel. Not on a machine that cannot spare twice that.
ncpus=$(awk -F- '{print $NF + 1}' /sys/devices/system/cpu/possible)
need_kb=$((ncpus * 2 * 512 * 1024 * 2))
avail_kb=$(awk '$1 == "MemAvailable:" {print $2}' /proc/meminfo)
if [ "$avail_kb" -ge "$need_kb" ]; then
	tracer_start -b 64g -n 'syscall::sched_get_priority_max:entry { trace(++n); }' || exit 1
	"$TRIG/sysloop" sched_get_priority_max 5 0 >/dev/null
	tracer_stop INT
	check "auto: exit status" "$TRC" 0
	check "auto: lowered, once" "$(grep -v matched "$TMP/err")" \
		"spectrace: buffer size lowered to 512m"
	check "auto: traces" "$(vals)" "1 2 3 4 5"

	# The same from pragmas, with bufresize=auto said explicitly, under fill.
	printf '%s\n' '#pragma D option bufsize=64g' '#pragma D option bufresize=auto' \
		'#pragma D option bufpolicy=fill' \
		'BEGIN { printf("begin\n"); }' 'END { printf("end\n"); }' \
		'tick-10ms /++n == 3/ { exit(0); }' >"$TMP/auto.d"
	out=$("$SPT" -q -s "$TMP/auto.d" 2>&1)
	check "auto by pragma: exit status" "$?" 0
	check "auto by pragma: output" "$out" "$(printf 'spectrace: buffer size lowered to 512m\nbegin\nend')"
	# quietresize, and dtrace's testing mode, leave the message out.
	out=$("$SPT" -q -x quietresize -b 64g -n 'BEGIN { trace(1); exit(0); }' 2>&1)
	check "quietresize: no message" "$?:$out" "0:1"
	out=$(_DTRACE_TESTING=1 "$SPT" -q -b 64g -n 'BEGIN { trace(1); exit(0); }' 2>&1)
	check "_DTRACE_TESTING: no message" "$?:$out" "0:1"
else
	echo "SKIP: auto: $((avail_kb / 1024)) MB available, $((need_kb / 1024)) MB wanted"
fi

# A size the kernel grants is never lowered.
out=$("$SPT" -q -b 16m -n 'BEGIN { trace(7); exit(0); }' 2>&1)
check "granted: no message" "$out" "7"
check_no_leftovers
e2e_done
