#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: tools/vmtest decides the accelerator by a real boot: a fake
# qemu that aborts under KVM (as nested KVM does: status 134 in the MSR
# setup), one that hangs without a kernel line, and one whose kernel
# prints; no device node; SPT_VMTEST_ACCEL forcing either; no probe boot
# left running. Needs neither
# root nor qemu nor a kernel: the "kernel" is an empty file.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d /tmp/spt-accel.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

# The fake qemu: `-machine none` (vmtest's "can qemu start" check) always
# works; a boot under -accel kvm does what FAKE_KVM says.
cat >"$tmp/qemu" <<'EOS'
#!/bin/sh
case " $* " in
*" -machine none "*) cat >/dev/null; exit 0 ;;
*" -accel kvm "*)
	echo "$*" >>"$FAKE_LOG"
	echo $$ >>"$FAKE_PIDS"
	case $FAKE_KVM in
	abort) echo "qemu-system-x86_64: error: failed to set MSR 0x10a to 0x69" >&2
	       kill -ABRT $$ ;;
	hang) echo "Booting from ROM.."; exec sleep 30 ;;
	boot) echo "SeaBIOS"; sleep 0.3; echo "[    0.000000] Linux version 6.1.0 (fake)"; exec sleep 30 ;;
	esac ;;
esac
exit 3
EOS
chmod +x "$tmp/qemu"
: >"$tmp/bzImage"

# The probe boots still running (the fake's pids, which exec keeps).
left_running() {
	local p n=0

	[ -f "$tmp/pids" ] || { echo 0; return; }
	while read -r p; do
		kill -0 "$p" 2>/dev/null && n=$((n + 1)) && kill -KILL "$p"
	done <"$tmp/pids"
	echo "$n"
}

# run NAME FAKE_KVM DEVICE FORCE WANT_STATUS WANT_REGEX [WANT_PROBES]
# A probe boot vmtest gave up on, or was done with, must not run on.
run() {
	local out rc probes left
	: >"$tmp/log"
	: >"$tmp/pids"
	out=$(SPT_VMTEST_QEMU="$tmp/qemu" SPT_VMTEST_KVM_DEV="$3" SPT_VMTEST_ACCEL="$4" \
		SPT_VMTEST_PROBE_SECS=2 FAKE_KVM="$2" FAKE_LOG="$tmp/log" FAKE_PIDS="$tmp/pids" \
		"$top/tools/vmtest" --kernel "$tmp/bzImage" --kernel "$tmp/bzImage" --print-accel 2>&1)
	rc=$?
	probes=$(wc -l <"$tmp/log")
	left=$(left_running)
	if [ "$rc" = "$5" ] && printf '%s\n' "$out" | grep -Eq -- "$6" &&
		[ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && [ "$probes" = "${7:-$probes}" ] &&
		[ "$left" = 0 ]; then
		pass=$((pass + 1)); echo "ok - $1"
	else
		fail=$((fail + 1)); echo "not ok - $1"
		printf '  status %s (want %s), %s probe boots, %s left running, output:\n%s\n' \
			"$rc" "$5" "$probes" "$left" "$out"
	fi
}

run "KVM that aborts: TCG, saying why" abort /dev/null "" 0 \
	'^vmtest: KVM cannot be used \(qemu ended with status 134 .*failed to set MSR.*\): booting under TCG' 1
run "KVM that hangs: TCG within the probe time" hang /dev/null "" 0 \
	'^vmtest: KVM cannot be used \(no kernel line on the console within 2 s\): booting under TCG' 1
run "KVM that boots: KVM" boot /dev/null "" 0 '^vmtest: accelerator: KVM' 1
run "no device node: TCG without a probe boot" boot "$tmp/none" "" 0 \
	"^vmtest: KVM cannot be used \\($tmp/none does not exist\\): booting under TCG" 0
run "forced TCG: no probe boot" boot /dev/null tcg 0 '^vmtest: accelerator: TCG \(SPT_VMTEST_ACCEL=tcg\)' 0
run "forced KVM that aborts: a failure" abort /dev/null kvm 1 \
	'^vmtest: SPT_VMTEST_ACCEL=kvm, but KVM cannot boot a guest here: qemu ended with status 134' 1
run "forced KVM that boots: KVM" boot /dev/null kvm 0 '^vmtest: accelerator: KVM' 1
run "bad SPT_VMTEST_ACCEL: usage error" boot /dev/null qemu 2 'SPT_VMTEST_ACCEL=qemu: kvm or tcg' 0

echo "vmtest accel: $pass passed, $fail failed"
[ "$fail" = 0 ]
