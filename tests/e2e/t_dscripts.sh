#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: each D script in tests/e2e/d/ gives its expected output.
#
#   tst.NAME.d          run with spectrace -s; stdout must equal tst.NAME.expected
#   tst.NAME.status     expected exit status (default 0)
#   tst.NAME.trigger    "SYSCALL COUNT" for triggers/sysloop, run with -c: it
#                       starts once tracing is on, and tracing ends (END runs)
#                       when it exits, unless the script exits first
#   tst.NAME.args       extra spectrace arguments (macro arguments, -x ...)
#   err.TAG.NAME.d      must fail to compile: exit 1, stderr must equal
#                       err.TAG.NAME.expected (the path shown as NAME.d),
#                       dtrace's untagged message; run again with -xerrtags,
#                       stderr must be the same with "[TAG] " after the
#                       "...script NAME.d: " prefix. err.EDT_*: errors found
#                       when the program is enabled, not the compiler's (run
#                       without -e; no tag, -xerrtags changes nothing).
#                       SPT_E2E_ERRTAGS=0 (in tools/vmtest's guests) leaves
#                       out the -xerrtags run of compile errors.
#   err.TAG.NAME.args   extra spectrace arguments, as for tst
#
# The one normaliser: the CPU column of default output becomes "N".
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"
dir=$(cd "$(dirname "$0")/d" && pwd)

normalise() { sed -E -e 's/^ {0,2}[0-9]{1,3} ( +[0-9]+ +[^ ]*:[^ ]* )/  N \1/' -e 's/^ {0,2}[0-9]{1,3} ( *(=>|<=|->|<-|\|) )/  N \1/'; }

# run_tst NAME: one tst script, its ok/not ok lines on stdout; its own
# files under $TMP/NAME (it may run beside another one).
run_tst() {
	local name=$1 base="$dir/$1" want_status=0 args=() trig=() i rc want_out tmp="$TMP/$1"
	mkdir -p "$tmp"
	[ -f "$base.status" ] && want_status=$(<"$base.status")
	[ -f "$base.args" ] && read -r -a args <"$base.args"
	# A quiet script prints no "matched" message to wait for: -c starts
	# the trigger once tracing is on, with nothing to poll.
	[ -f "$base.trigger" ] && trig=(-c "$TRIG/sysloop $(<"$base.trigger")")
	: >"$tmp/err"
	(cd "$dir" && SYSLOOP_QUIET=1 exec "$SPT" "${trig[@]}" -s "$name.d" "${args[@]}") \
		>"$tmp/out" 2>"$tmp/err" &
	TPID=$!
	# A script must end by itself (exit()) or after its trigger; bound the
	# wait (10 s, times E2E_SLOW under emulation).
	for ((i = 0; i < 500 * E2E_SLOW; i++)); do
		kill -0 "$TPID" 2>/dev/null || break
		sleep 0.02
	done
	if kill -0 "$TPID" 2>/dev/null; then
		kill -INT "$TPID"
		not_ok "$name: did not finish"
	fi
	wait "$TPID"
	rc=$?
	TPID=
	check "$name: exit status" "$rc" "$want_status"
	# Exact bytes, trailing newlines included (dtrace ends every run with one).
	want_out=
	IFS= read -r -d '' want_out <"$base.expected"
	check "$name: output" "$(normalise <"$tmp/out"; echo .)" "$want_out."
	if grep -q -E 'drops? on CPU|malformed' "$tmp/err"; then
		not_ok "$name: $(cat "$tmp/err")"
	fi
}

# run_err NAME: one err script (compile or enabling error), as run_tst.
run_err() {
	local name=$1 tag args=() want e out rc pfx
	tag=${name#err.}
	tag=${tag%%.*}
	[ -f "$dir/$name.args" ] && read -r -a args <"$dir/$name.args"
	want=$(<"$dir/$name.expected")
	e=-e
	case "$tag" in EDT_*) e=-q ;; esac
	out=$(cd "$dir" && "$SPT" $e -s "$name.d" "${args[@]}" 2>&1)
	rc=$?
	check "$name: exit status" "$rc" 1
	check "$name: message" "$out" "$want"
	# The tag is the front end's, the same on every kernel: a guest
	# (SPT_E2E_ERRTAGS=0, tools/vmtest) leaves this second run to the host.
	[ "${SPT_E2E_ERRTAGS:-1}" = 0 ] && [ "${tag#EDT_}" = "$tag" ] && return
	out=$(cd "$dir" && "$SPT" $e -xerrtags -s "$name.d" "${args[@]}" 2>&1)
	rc=$?
	check "$name: exit status with -xerrtags" "$rc" 1
	case "$tag" in
	EDT_*) check "$name: -xerrtags adds nothing" "$out" "$want" ;;
	*)	pfx="spectrace: failed to compile script $name.d: "
		check "$name: message with -xerrtags" "$out" "$pfx[$tag] ${want#"$pfx"}"
		;;
	esac
}

# Two scripts at a time (SPT_E2E_JOBS), each in a subshell that stops its
# own tracer if it is ended early; their lines are then printed in order
# and counted here. A script with a trigger runs alone: the scripts match
# the trigger by its name (sysloop), and would see each other's.
jobs=${SPT_E2E_JOBS:-2}
mkdir -p "$TMP/res"
spawn() {
	local fn=$1 name=$2
	while [ "$(jobs -pr | wc -l)" -ge "$jobs" ]; do
		wait -n
	done
	(
		trap 'e2e_cleanup_tracer' EXIT
		"$fn" "$name"
	) >"$TMP/res/$name" 2>&1 &
}
names=()
for t in "$dir"/tst.*.d "$dir"/err.*.d; do
	[ -e "$t" ] || continue
	name=$(basename "$t" .d)
	names+=("$name")
	case "$name" in
	err.*) spawn run_err "$name" ;;
	*)	if [ -f "$dir/$name.trigger" ]; then
			wait
			(
				trap 'e2e_cleanup_tracer' EXIT
				run_tst "$name"
			) >"$TMP/res/$name" 2>&1
		else
			spawn run_tst "$name"
		fi
		;;
	esac
done
wait
for name in "${names[@]}"; do
	cat "$TMP/res/$name"
	E2E_PASS=$((E2E_PASS + $(grep -c '^ok - ' "$TMP/res/$name")))
	E2E_FAIL=$((E2E_FAIL + $(grep -c '^not ok - ' "$TMP/res/$name")))
done
check_no_leftovers
e2e_done
