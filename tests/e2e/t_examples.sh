#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: every script of examples/ is a runnable command
# (#!/usr/bin/env -S spectrace -s, executable, a usage comment), compiles,
# and is run by an end-to-end test; the toolkit's scripts report exactly
# what the triggers do: errinfo.d (run through its #! line) the failing
# calls with the errno's name and their count, opensnoop.d the failed
# opens, execsnoop.d an exec that fails and one that works with its arguments, syscount.d the
# count of one call, rwtop.d the bytes read and written, openstack.d the
# user stack of a failing open, connfail.d each failing connect()'s
# address. (failhunt.d and
# specopenat.d are run by t_spec.sh.)
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"
top=$(cd "$(dirname "$0")/../.." && pwd)
ex=$top/examples
export SYSLOOP_QUIET=1

# --- every example ------------------------------------------------------
for f in "$ex"/*.d; do
	n=$(basename "$f")
	check "$n: #! line" "$(head -n 1 "$f")" "#!/usr/bin/env -S spectrace -s"
	check "$n: executable" "$([ -x "$f" ] && echo yes)" yes
	check "$n: usage comment" "$(grep -cE "^ \*   spectrace -s (examples/)?$n( |$)" "$f" | sed 's/^[1-9][0-9]*$/yes/')" yes
	# failhunt.d takes an errno and the target; the others take no
	# argument (one given and not referenced is an error, as in dtrace).
	a=()
	grep -q '\$1' "$f" && a=(22)
	out=$("$SPT" -e -s "$f" "${a[@]}" -c true 2>&1)
	check "$n: compiles" "$?|$out" "0|"
	check "$n: run by the end-to-end suite" \
		"$(grep -lE "examples/$n|\\\$ex/$n" "$top"/tests/e2e/t_*.sh | head -n 1 | sed 's/.*/yes/')" yes
done

# A tracer run through the script's #! line, waited for by pid.
run_script() {
	PATH="$BUILD:$PATH" "$@" >"$TMP/out" 2>"$TMP/err" &
	TPID=$!
	wait "$TPID"
	TRC=$?
	TPID=
}

# --- errinfo.d, as a command ---------------------------------------------
run_script "$ex/errinfo.d" -c "$TRIG/sysloop sched_get_priority_max_bad 3"
check "errinfo: exit status" "$TRC" 0
check "errinfo: heading" "$(head -n 1 "$TMP/out")" \
	"EXEC                 PID SYSCALL                 ERR NAME"
# The expected lines from the script's own format, with the pid it saw.
pid=$(awk '$1 == "sysloop" && $NF == "EINVAL" { print $2; exit }' "$TMP/out")
check "errinfo: each failure, live" "$(grep '^sysloop .* EINVAL$' "$TMP/out")" \
	"$(for _ in 1 2 3; do printf '%-16s %7d %-22s %4d %s\n' sysloop "$pid" sched_get_priority_max 22 EINVAL; done)"
check "errinfo: the summary's heading" "$(grep -c '^EXEC             SYSCALL                 ERR    COUNT$' "$TMP/out")" 1
check "errinfo: the count" "$(grep -E '^sysloop +sched_get_priority_max +22 +[0-9]+$' "$TMP/out")" \
	"sysloop          sched_get_priority_max   22        3"

# --- openstack.d ---------------------------------------------------------
# The command's failing opens come from main -> f1 -> f2 -> f3 (built with
# frame pointers). It is held (reading a line) for a second after its calls,
# as a process that lives less than the consumer's look at new pids shows
# addresses (README, Stacks); the stacks print after it has exited.
rm -f "$TMP/go"
mkfifo "$TMP/go"
exec 8<>"$TMP/go"
"$SPT" -s "$ex/openstack.d" -c "$TRIG/stackchain_fp 3 wait" <&8 >"$TMP/out" 2>"$TMP/err" &
TPID=$!
sleep "$((1 * E2E_SLOW))"
echo >&8
tracer_end 20 openstack.d
exec 8>&-
check "openstack: heading" "$(head -n 1 "$TMP/out")" "EXEC             ERRNO USER STACK, COUNT"
# Each tuple: the key line, the frames, the count. The dynamic loader's own
# failing opens (library paths that do not exist) are tuples of their own.
blocks=$(awk '/^  [^ ]/ { key = $0; fr = ""; next }
	/^              [^ ]/ { sub(/^ +/, ""); sub(/\+0x[0-9a-f]+$/, ""); fr = fr (fr == "" ? "" : " ") $0; next }
	/^ +[0-9]+$/ && key != "" { gsub(/  +/, " ", key); print key "|" fr "|" $1; key = "" }' "$TMP/out")
mine=$(printf '%s\n' "$blocks" | grep '|stackchain_fp`f3 ')
check "openstack: the program and errno (ENOENT)" "${mine%%|*}" " stackchain_fp 2"
check "openstack: the chain, innermost first" \
	"$(printf '%s\n' "$mine" | cut -d'|' -f2 | tr ' ' '\n' | sed -n 's/^stackchain_fp`//p' | head -n 4 | paste -sd ' ')" \
	"f3 f2 f1 main"
check "openstack: counted" "${mine##*|}" 3

# --- connfail.d ----------------------------------------------------------
# One failing connect() per family; the trigger prints the errno each got.
tracer_run -s "$ex/connfail.d" -c "$TRIG/connfail"
check "connfail: heading" "$(head -n 1 "$TMP/out")" \
	"EXEC                 PID  ERR NAME          ADDRESS"
pid=$(awk '$1 == "connfail" { print $2; exit }' "$TMP/out")
e4=$(awk '$1 == "inet" { print $2 }' "$TMP/out")
e6=$(awk '$1 == "inet6" { print $2 }' "$TMP/out")
eu=$(awk '$1 == "unix" { print $2 }' "$TMP/out")
check "connfail: the unix socket's ENOENT" "$eu" 2
# 127.0.0.1 gives ECONNREFUSED, or ENETUNREACH where loopback is down.
name() { case $1 in 111) echo ECONNREFUSED ;; 101) echo ENETUNREACH ;; 99) echo EADDRNOTAVAIL ;; 97) echo EAFNOSUPPORT ;; *) echo "?" ;; esac; }
# Records of different CPUs print in CPU order (the process may move
# between the calls): the lines compared as a set.
check "connfail: each failure with its address" "$(grep '^connfail ' "$TMP/out" | sort)" \
	"$(printf '%-16s %7d %4d %-13s %s\n' connfail "$pid" "$e4" "$(name "$e4")" 127.0.0.1:9 \
		connfail "$pid" "$e6" "$(name "$e6")" '[0:0:0:0:0:0:0:1]:9' \
		connfail "$pid" 2 ENOENT /nonexistent/spectrace-sock | sort)"

# --- opensnoop.d ---------------------------------------------------------
tracer_run -s "$ex/opensnoop.d" -c "$TRIG/sysloop openat 2"
check "opensnoop: heading" "$(head -n 1 "$TMP/out")" "    PID COMM               FD ERR PATH"
pid=$(awk '$2 == "sysloop" { print $1; exit }' "$TMP/out")
check "opensnoop: the failed opens" "$(grep 'spectrace-trigger' "$TMP/out")" \
	"$(for _ in 1 2; do printf '%7d %-16s %4d %3d %s\n' "$pid" sysloop -1 2 /nonexistent/spectrace-trigger; done)"
check "opensnoop: a successful open shows its fd" \
	"$(grep -E '^ *[0-9]+ sysloop +[0-9]+ +0 /' "$TMP/out" | head -n 1 | sed -E 's/.* ([0-9]+) +0 \/.*/fd/')" fd

# --- execsnoop.d ---------------------------------------------------------
tracer_run -s "$ex/execsnoop.d" -c "/bin/sh -c '/nonexistent/spt-exec 2>/dev/null; exec $TRIG/sysloop getppid 1'"
check "execsnoop: heading" "$(head -n 1 "$TMP/out")" "    PID    PPID    UID COMM             PATH"
# sh runs the failing command in a child, then execs sysloop itself.
sh_pid=$(awk -v p="$TRIG/sysloop" '$5 == p { print $1; exit }' "$TMP/out")
check "execsnoop: the exec that works" \
	"$(awk -v p="$sh_pid" '$1 == p && $4 == "sh" && $5 != "^" { print $5 }' "$TMP/out")" "$TRIG/sysloop"
check "execsnoop: the new program's command line" \
	"$(awk -v p="$sh_pid" '$1 == p && $4 == "sysloop" && $5 == "^" { $1 = $2 = $3 = ""; print }' "$TMP/out" | sed 's/^ *//')" \
	"sysloop ^ args: $TRIG/sysloop getppid 1"
check "execsnoop: the failing exec, and its errno" \
	"$(grep -A1 ' /nonexistent/spt-exec$' "$TMP/out" | awk '{ $1 = "PID"; print }')" \
	"$(printf 'PID %s 0 sh /nonexistent/spt-exec\nPID %s 0 sh ^ failed: errno 2' "$sh_pid" "$sh_pid")"

# --- syscount.d ----------------------------------------------------------
tracer_run -s "$ex/syscount.d" -c "$TRIG/sysloop sched_get_priority_max 7"
check "syscount: heading" "$(grep -c '^EXEC             SYSCALL                     COUNT$' "$TMP/out")" 1
check "syscount: the count" "$(grep -E '^sysloop +sched_get_priority_max ' "$TMP/out")" \
	"sysloop          sched_get_priority_max          7"

# --- rwtop.d -------------------------------------------------------------
tracer_run -s "$ex/rwtop.d" -c "$TRIG/rwbytes spt-rw 3 5 1000"
check "rwtop: heading" "$(grep -c '^    PID COMM             D        BYTES$' "$TMP/out")" 1
# Summed over the intervals: a 5 s tick may fall between the calls.
check "rwtop: bytes read and written" \
	"$(awk '$2 == "spt-rw" { b[$3] += $4 } END { print "R", b["R"], "W", b["W"] }' "$TMP/out")" \
	"R 3000 W 5000"
check "rwtop: largest first" "$(awk '$2 == "spt-rw" { print $3 }' "$TMP/out" | paste -sd' ')" "W R"

check_no_leftovers
e2e_done
