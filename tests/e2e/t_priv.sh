#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: without the privileges it needs, spectrace says in one line
# what is missing (root, or CAP_BPF and CAP_PERFMON: which this process
# lacks) and exits with status 2, as dtrace(1) does for privilege errors;
# the tracefs and pinned-map messages stay for the cases they describe.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

if ! command -v setpriv >/dev/null; then
	echo "SKIP: setpriv (util-linux) is not installed"
	exit 77
fi
# as_user CAPS CMD...: CMD as uid/gid 65534 with the capabilities CAPS
# ("" for none, "+bpf", "+bpf,+perfmon") in its effective set.
as_user() {
	local caps=$1
	shift
	if [ -n "$caps" ]; then
		setpriv --reuid=65534 --regid=65534 --clear-groups \
			--inh-caps="$caps" --ambient-caps="$caps" "$@"
	else
		setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
	fi
}
trace_msg="spectrace: run as root, or with CAP_BPF and CAP_PERFMON, for tracing and listing probes"

out=$(as_user "" "$SPT" -n 'syscall::openat:entry' 2>&1)
check "unprivileged: exit status" "$?" 2
check "unprivileged: what is missing" "$out" "$trace_msg (this process lacks CAP_BPF and CAP_PERFMON)"
out=$(as_user "" "$SPT" -l 2>&1)
check "unprivileged -l: exit status" "$?" 2
check "unprivileged -l: what is missing" "$out" "$trace_msg (this process lacks CAP_BPF and CAP_PERFMON)"
out=$(as_user "" "$SPT" -e -n 'BEGIN { exit(0); }' 2>&1)
check "unprivileged -e: exit status" "$?" 2
out=$(as_user +bpf "$SPT" -n 'BEGIN { exit(0); }' 2>&1)
check "CAP_BPF only: exit status" "$?" 2
check "CAP_BPF only: CAP_PERFMON is missing" "$out" "$trace_msg (this process lacks CAP_PERFMON)"
out=$(as_user +perfmon "$SPT" -n 'BEGIN { exit(0); }' 2>&1)
check "CAP_PERFMON only: CAP_BPF is missing" "$out" "$trace_msg (this process lacks CAP_BPF)"
# -V and --help need nothing.
out=$(as_user "" "$SPT" -V 2>&1)
check "unprivileged -V: exit status" "$?" 0

# Both capabilities, but tracefs closed to the user: its own message.
tfs=/sys/kernel/tracing
[ -d "$tfs/events" ] || tfs=/sys/kernel/debug/tracing
if ! as_user "" bash -c "test -r $tfs/events" 2>/dev/null; then
	out=$(as_user +bpf,+perfmon "$SPT" -l 2>&1)
	check "tracefs closed: exit status" "$?" 1
	check "tracefs closed: said so" "$out" \
		"spectrace: cannot list probes: cannot read tracefs at $tfs: Permission denied"
else
	echo "# tracefs is readable by uid 65534 here: its message not checked"
fi

# ktrdump: CAP_BPF; pins there but closed to the user are not "none pinned".
export SPECTRACE_KTR_DIR=/sys/fs/bpf/spt-e2e-priv
"$SPT" ktrdump --clear >/dev/null 2>&1
out=$(as_user "" "$SPT" ktrdump 2>&1)
check "unprivileged ktrdump: exit status" "$?" 2
check "unprivileged ktrdump: what is missing" "$out" \
	"spectrace: run as root, or with CAP_BPF, to read and set the KTR flight recorder (this process lacks CAP_BPF)"
"$SPT" ktrdump --set ktr_mask=BUF || not_ok "ktrdump --set as root"
out=$(as_user +bpf "$SPT" ktrdump 2>&1)
check "pins closed to the user: exit status" "$?" 1
check "pins closed to the user: said so" "$out" \
	"spectrace: cannot open the KTR maps pinned at $SPECTRACE_KTR_DIR: Permission denied"
"$SPT" ktrdump --clear || not_ok "ktrdump --clear"
out=$("$SPT" ktrdump 2>&1)
check "no pins: said so" "$out" "spectrace: no KTR buffers pinned at $SPECTRACE_KTR_DIR"
unset SPECTRACE_KTR_DIR

check_no_leftovers
e2e_done
