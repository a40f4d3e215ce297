#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: the reference documents' example scripts (tests/e2e/seeds/,
# copied unchanged) compile, and the ERROR example behaves as documented.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"
dir=$(cd "$(dirname "$0")/seeds" && pwd)

# The ring-buffer example lives with t_ring, which runs it.
for f in "$dir"/*.d "$dir/../ring/seed.d"; do
	# Only the ring example takes an argument ($1, a string: a bare word
	# would name a variable); an argument no script uses is an error.
	args=()
	[ "$(basename "$f")" = seed.d ] && args=('"bash"')
	out=$("$SPT" -e -s "$f" "${args[@]}" 2>&1)
	check "$(basename "$f") compiles unchanged" "$?:$out" "0:"
done

# error.d: BEGIN dereferences NULL; the ERROR clause runs, then dtrace's message.
"$SPT" -s "$dir/error.d" >"$TMP/out" 2>"$TMP/err" &
TPID=$!
wait_for 30 grep -q '^spectrace: error in ' "$TMP/err"
kill -INT "$TPID"
wait "$TPID"
TPID=
# then SIGINT's newline and the final one
check "error.d: the ERROR clause ran" "$(sed -E 's/^ *[0-9]+ /N /' "$TMP/out"; echo .)" \
	"$(printf 'CPU     ID                    FUNCTION:NAME\nN      3                           :ERROR Hit an error!\n\n\n.')"
# dtrace-utils' form; no "N errors on CPU C" after it
check "error.d: dtrace's message" "$(grep -v matched "$TMP/err")" \
	"spectrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0)"

# prot.d: the BEGIN-initialised array names each mmap's protection bits.
# the command must map something: a dynamically linked one (busybox's true in
# the qemu guest maps nothing) that prints nothing
out=$(SYSLOOP_QUIET=1 "$SPT" -q -s "$dir/prot.d" -c "$TRIG/sysloop getppid 1" 2>/dev/null)
check_match "prot.d: mmap with prot = ..." "$out" '^(mmap with prot = [-r][-w][-x])+$'

# beginend.d: END sees the time since BEGIN.
out=$("$SPT" -s "$dir/beginend.d" -c "sleep 1" 2>/dev/null | grep ':END')
check_match "beginend.d: total time" "$out" '^ *[0-9]+ +2 +:END total time: 1 secs$'

check_no_leftovers
e2e_done
