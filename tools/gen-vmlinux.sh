#!/bin/sh
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# Regenerate vmlinux/vmlinux.h from the running kernel's BTF. The result is
# committed so that a machine without BTF (or without bpftool) still builds.
set -eu
btf=${1:-/sys/kernel/btf/vmlinux}
top=$(cd "$(dirname "$0")/.." && pwd)
out="$top/vmlinux/vmlinux.h"
[ -r "$btf" ] || { echo "gen-vmlinux: cannot read $btf" >&2; exit 1; }
bpftool btf dump file "$btf" format c > "$out.tmp"
mv "$out.tmp" "$out"
printf 'kernel %s, bpftool %s, generated %s\n' "$(uname -r)" \
	"$(bpftool version | head -n1)" "$(date -u +%Y-%m-%d)" > "$top/vmlinux/PROVENANCE"
echo "gen-vmlinux: wrote $out"
