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

for t in "$dir"/tst.*.d; do
	[ -e "$t" ] || continue
	name=$(basename "$t" .d)
	base="$dir/$name"
	want_status=0
	[ -f "$base.status" ] && want_status=$(<"$base.status")
	args=()
	[ -f "$base.args" ] && read -r -a args <"$base.args"
	# A quiet script prints no "matched" message to wait for: -c starts
	# the trigger once tracing is on, with nothing to poll.
	trig=()
	[ -f "$base.trigger" ] && trig=(-c "$TRIG/sysloop $(<"$base.trigger")")
	: >"$TMP/err"
	(cd "$dir" && SYSLOOP_QUIET=1 exec "$SPT" "${trig[@]}" -s "$name.d" "${args[@]}") \
		>"$TMP/out" 2>"$TMP/err" &
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
	check "$name: output" "$(normalise <"$TMP/out"; echo .)" "$want_out."
	if grep -q -E 'drops? on CPU|malformed' "$TMP/err"; then
		not_ok "$name: $(cat "$TMP/err")"
	fi
done

for t in "$dir"/err.*.d; do
	[ -e "$t" ] || continue
	name=$(basename "$t" .d)
	tag=${name#err.}
	tag=${tag%%.*}
	args=()
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
	[ "${SPT_E2E_ERRTAGS:-1}" = 0 ] && [ "${tag#EDT_}" = "$tag" ] && continue
	out=$(cd "$dir" && "$SPT" $e -xerrtags -s "$name.d" "${args[@]}" 2>&1)
	rc=$?
	check "$name: exit status with -xerrtags" "$rc" 1
	case "$tag" in
	EDT_*) check "$name: -xerrtags adds nothing" "$out" "$want" ;;
	*)	pfx="spectrace: failed to compile script $name.d: "
		check "$name: message with -xerrtags" "$out" "$pfx[$tag] ${want#"$pfx"}"
		;;
	esac
done
check_no_leftovers
e2e_done
