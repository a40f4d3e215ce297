# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# Shared helpers of the end-to-end tests, sourced by tests/e2e/t_*.sh.
# A test calls e2e_init BUILD_DIR first; every tracer it starts goes through
# tracer_start/tracer_stop, and the EXIT trap stops a tracer left running
# (by its pid, nothing else) so no BPF program outlives the test.

E2E_PASS=0
E2E_FAIL=0
TPID=
# Time limits of the tests are multiplied by this: tools/vmtest sets it in
# a guest under emulation (TCG), where everything runs many times slower.
E2E_SLOW=${SPT_E2E_SLOW:-1}

e2e_init() {
	BUILD=$(cd "${1:?usage: $0 BUILD_DIR}" && pwd)
	SPT="$BUILD/spectrace"
	TRIG="$BUILD/triggers"
	if [ "$(id -u)" != 0 ]; then
		echo "SKIP: end-to-end tests need root"
		exit 77
	fi
	if [ ! -r /sys/kernel/btf/vmlinux ]; then
		echo "SKIP: the kernel has no BTF"
		exit 77
	fi
	# One end-to-end test at a time on a machine: check_no_leftovers
	# looks at every spt_ object in the kernel, and measurements of other
	# trees' suites would see this one's programs.
	exec 9>/run/lock/spectrace-e2e.lock
	flock 9
	TMP=$(mktemp -d /tmp/spt-e2e.XXXXXX)
	trap e2e_cleanup EXIT
}

e2e_cleanup() {
	local j
	e2e_cleanup_tracer
	# a test's own background jobs (t_dscripts' workers stop their tracers)
	for j in $(jobs -p); do
		kill -TERM "$j" 2>/dev/null
	done
	wait
	rm -rf "$TMP"
}

# Stop the tracer $TPID if it still runs (INT, then KILL after 2 s).
e2e_cleanup_tracer() {
	if [ -n "$TPID" ] && kill -0 "$TPID" 2>/dev/null; then
		kill -INT "$TPID" 2>/dev/null
		for _ in 1 2 3 4 5 6 7 8 9 10; do
			kill -0 "$TPID" 2>/dev/null || break
			sleep 0.2
		done
		kill -KILL "$TPID" 2>/dev/null
	fi
}

ok() { E2E_PASS=$((E2E_PASS + 1)); echo "ok - $1"; }
not_ok() { E2E_FAIL=$((E2E_FAIL + 1)); echo "not ok - $1"; }

# check NAME GOT WANT
check() {
	if [ "$2" = "$3" ]; then
		ok "$1"
	else
		not_ok "$1"
		printf '  got:  %s\n  want: %s\n' "$2" "$3" | head -n 20
	fi
}

# check_match NAME TEXT EXTENDED-REGEX (every line of TEXT must match)
check_match() {
	if [ -n "$2" ] && ! printf '%s\n' "$2" | grep -Evq -- "$3"; then
		ok "$1"
	else
		not_ok "$1"
		printf '  got:  %s\n  want lines matching: %s\n' "$2" "$3" | head -n 20
	fi
}

# tracer_start ARGS...: run spectrace in the background, stdout to
# $TMP/out, stderr to $TMP/err, and wait until it reports its probes
# enabled (the "matched" messages come once the gate is open; under -q,
# until BEGIN printed a line "ready").
tracer_start() {
	: >"$TMP/out"
	: >"$TMP/err"
	"$SPT" "$@" >"$TMP/out" 2>"$TMP/err" &
	TPID=$!
	for _ in $(seq 1 200); do
		grep -q 'matched' "$TMP/err" && return 0
		# -q hides "matched": such tests trace "ready" in BEGIN; the gate
		# opens right after BEGIN's output is drained.
		if grep -qx 'ready' "$TMP/out"; then
			sleep 0.1
			return 0
		fi
		kill -0 "$TPID" 2>/dev/null || break
		sleep 0.05
	done
	echo "tracer did not start: $(cat "$TMP/err")"
	return 1
}

# tracer_stop [SIGNAL]: stop the tracer, leave its status in TRC.
tracer_stop() {
	kill "-${1:-INT}" "$TPID"
	wait "$TPID"
	TRC=$?
	TPID=
}

# tracer_end SECS WHAT: wait up to SECS (times E2E_SLOW) for a tracer that
# ends by itself (exit(), a filled buffer, the end of -c/-p); one that does
# not is a failure ("WHAT: the tracer did not end by itself") and is
# stopped (returns 1). Its status in TRC either way.
tracer_end() {
	local i
	for ((i = 0; i < $1 * 20 * E2E_SLOW; i++)); do
		kill -0 "$TPID" 2>/dev/null || break
		sleep 0.05
	done
	if kill -0 "$TPID" 2>/dev/null; then
		not_ok "$2: the tracer did not end by itself"
		tracer_stop INT
		return 1
	fi
	wait "$TPID"
	TRC=$?
	TPID=
}

# wait_for SECS CMD...: run CMD every 50 ms until it succeeds, for at most
# SECS (times E2E_SLOW); returns CMD's last status. Synchronisation on a
# condition, where a sleep would bet on the machine's speed.
wait_for() {
	# a deadline in seconds, not a count of tries: under emulation one
	# try (a fork, a grep) takes far longer than its 50 ms sleep
	local end=$((SECONDS + $1 * E2E_SLOW))
	shift
	while ((SECONDS < end)); do
		"$@" && return 0
		sleep 0.05
	done
	"$@"
}

# tracer_run SPECTRACE-ARGS...: a tracer that ends by itself (exit(), -c),
# waited for by pid (so the exit trap can stop it), its status in TRC and
# its output in $TMP/out and $TMP/err.
tracer_run() {
	"$SPT" "$@" >"$TMP/out" 2>"$TMP/err" &
	TPID=$!
	wait "$TPID"
	TRC=$?
	TPID=
}

# Ids of the maps of the KTR flight recorder pinned in its default directory
# and in $SPECTRACE_KTR_DIR: they outlive tracers on purpose.
ktr_pinned_ids() {
	local f
	for f in /sys/fs/bpf/spectrace/* ${SPECTRACE_KTR_DIR:+"$SPECTRACE_KTR_DIR"/*}; do
		[ -e "$f" ] && bpftool map show pinned "$f" 2>/dev/null | sed -n 's/^\([0-9]*\):.*/\1/p'
	done
}

# No program or map of ours may survive the tracer. Freeing is asynchronous
# after the last fd closes, so allow a moment.
check_no_leftovers() {
	local left= pinned
	for _ in $(seq 1 40); do
		pinned=$(ktr_pinned_ids | paste -sd '|')
		left=$( (bpftool prog show; bpftool map show | grep -Ev "^(${pinned:-none}):";
			 bpftool link show) 2>/dev/null |
			grep -E 'name (spt_|spectrac|\.data\.spt_)' || true)
		[ -z "$left" ] && break
		sleep 0.1
	done
	check "${1:-no BPF program, map or link left behind}" "$left" ""
}

e2e_done() {
	echo "$E2E_PASS passed, $E2E_FAIL failed"
	[ "$E2E_FAIL" = 0 ]
}
