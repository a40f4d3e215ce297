#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: `cmake --install` puts exactly the expected tree under DESTDIR
# with --prefix /usr (binary, man pages, every example, bash completion,
# KTR headers, pkg-config file), and under another --prefix without
# DESTDIR; the installed binary runs, the completion offers every flag of
# --help and the -x options, and a libbpf loader and a BPF program build
# against the installed KTR headers through pkg-config. No root.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:?usage: $0 BUILD_DIR}" && pwd)
tmp=$(mktemp -d /tmp/spt-install.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok - $1"; }
check() {
	if [ "$2" = "$3" ]; then
		ok "$1"
	else
		not_ok "$1"
		diff <(printf '%s\n' "$3") <(printf '%s\n' "$2") | head -n 20
	fi
}

d=$tmp/destdir
if ! DESTDIR=$d cmake --install "$build" --prefix /usr >"$tmp/log" 2>&1; then
	not_ok "cmake --install with DESTDIR"
	cat "$tmp/log"
	exit 1
fi
ok "cmake --install with DESTDIR and --prefix /usr"

want=$(
	cat <<EOF
usr/bin/spectrace
usr/include/spectrace/abi/ktr.h
usr/include/spectrace/ktr.bpf.h
usr/include/spectrace/ktr_user.h
usr/share/bash-completion/completions/spectrace
usr/share/man/man1/spectrace-ktrdump.1
usr/share/man/man1/spectrace.1
usr/share/pkgconfig/spectrace-ktr.pc
EOF
	for f in "$top"/examples/*.d; do
		echo "usr/share/spectrace/examples/$(basename "$f")"
	done
)
check "the installed files" "$(cd "$d" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)" \
	"$(printf '%s\n' "$want" | LC_ALL=C sort)"
check "the installed headers are the tree's" \
	"$(cmp "$top/bpf/ktr.bpf.h" "$d/usr/include/spectrace/ktr.bpf.h" &&
	   cmp "$top/bpf/ktr_user.h" "$d/usr/include/spectrace/ktr_user.h" &&
	   cmp "$top/bpf/abi/ktr.h" "$d/usr/include/spectrace/abi/ktr.h" && echo same)" same

bad=
for f in "$d"/usr/bin/spectrace "$d"/usr/share/spectrace/examples/*.d; do
	[ -x "$f" ] || bad="$bad $f"
done
check "the binary and the examples are executable" "$bad" ""
out=$("$d/usr/bin/spectrace" --help)
check "the installed binary runs" "$?|$(printf '%s\n' "$out" | head -n 1 | cut -c1-16)" \
	"0|Usage: spectrace"

# Completion: every flag of --help after "-", the -x names after "-x".
complete_words() {
	# shellcheck disable=SC1090
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _spectrace
		printf "%s\n" "${COMPREPLY[@]}"' complete \
		"$d/usr/share/bash-completion/completions/spectrace" "$@" 2>&1
}
words=$(complete_words spectrace -)
missing=
for f in $(printf '%s\n' "$out" | grep -oE '^  -[A-Za-z]|--[a-z][a-z-]*' | tr -d ' ' | sort -u); do
	printf '%s\n' "$words" | grep -qxF -- "$f" || missing="$missing $f"
done
check "completion offers every flag of --help" "$missing" ""
check "completion of -x buf" "$(complete_words spectrace -x buf | sort | paste -sd' ')" \
	"bufpolicy bufresize bufsize"
check "completion of -x bufpolicy=" "$(complete_words spectrace -x bufpolicy= | sort | paste -sd' ')" \
	"bufpolicy=fill bufpolicy=ring bufpolicy=switch"
check "completion of ktrdump --s" "$(complete_words spectrace ktrdump --s | sort | paste -sd' ')" \
	"--set --show"

# pkg-config, as a user of the installed tree sees it.
pc() {
	PKG_CONFIG_SYSROOT_DIR=$d PKG_CONFIG_PATH=$d/usr/share/pkgconfig pkg-config "$@"
}
check "pkg-config --modversion spectrace-ktr" "$(pc --modversion spectrace-ktr)" \
	"$(sed -n 's/^project(spectrace VERSION \([0-9.]*\).*/\1/p' "$top/CMakeLists.txt")"
check "pkg-config --cflags-only-I names the installed headers" \
	"$(pc --cflags-only-I spectrace-ktr | tr ' ' '\n' | grep -c "^-I$d/usr/include/spectrace\$")" 1

cat >"$tmp/loader.c" <<'EOF'
#include "ktr_user.h"

int main(int argc, char **argv)
{
	struct bpf_object *obj = bpf_object__open_file(argc > 1 ? argv[1] : "x.bpf.o", NULL);

	return obj && spt_ktr_join(obj, NULL) == 0 ? 0 : 1;
}
EOF
# shellcheck disable=SC2046
if cc -Wall -Werror -o "$tmp/loader" "$tmp/loader.c" $(pc --cflags --libs spectrace-ktr) 2>"$tmp/cc.log"; then
	ok "a libbpf loader builds with ktr_user.h"
else
	not_ok "a libbpf loader builds with ktr_user.h"
	head -n 20 "$tmp/cc.log"
fi
cat >"$tmp/prog.bpf.c" <<'EOF'
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "ktr.bpf.h"

SEC("tp_btf/sched_switch")
int BPF_PROG(on_switch, bool preempt, struct task_struct *prev, struct task_struct *next)
{
	CTR2(SPT_KTR_USER(0), "switch %d -> %d", prev->pid, next->pid);
	return 0;
}

char LICENSE[] SEC("license") = "Dual BSD/GPL";
EOF
clang=$(command -v clang || command -v clang-19 || command -v clang-16 || command -v clang-14)
# shellcheck disable=SC2046
if [ -z "$clang" ]; then
	not_ok "a BPF program builds with ktr.bpf.h: no clang"
elif "$clang" -g -O2 -target bpf -D__TARGET_ARCH_x86 -Wall -Werror -I"$top/vmlinux" \
	$(pc --cflags-only-I spectrace-ktr) -c "$tmp/prog.bpf.c" -o "$tmp/prog.bpf.o" 2>"$tmp/cc.log"; then
	ok "a BPF program builds with ktr.bpf.h"
else
	not_ok "a BPF program builds with ktr.bpf.h"
	head -n 20 "$tmp/cc.log"
fi

# Another prefix, no DESTDIR: the paths and the .pc file follow it.
p=$tmp/opt
if cmake --install "$build" --prefix "$p" >"$tmp/log" 2>&1; then
	ok "cmake --install --prefix $p"
else
	not_ok "cmake --install --prefix $p"
	cat "$tmp/log"
fi
check "--prefix: the files" "$(cd "$p" && find . -type f | sed 's|^\./||' | LC_ALL=C sort)" \
	"$(printf '%s\n' "$want" | sed 's|^usr/||' | LC_ALL=C sort)"
check "--prefix: the .pc file's prefix" \
	"$(PKG_CONFIG_PATH=$p/share/pkgconfig pkg-config --variable=prefix spectrace-ktr)" "$p"
check "--prefix: the .pc file's includedir" \
	"$(PKG_CONFIG_PATH=$p/share/pkgconfig pkg-config --variable=includedir spectrace-ktr)" "$p/include"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
