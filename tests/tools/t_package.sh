#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: tools/package writes spectrace_VERSION_ARCH.deb whose control
# file names the version, the architecture and Depends from dpkg-shlibdeps
# (libbpf1, libc6;
# libelf1 and zlib1g when the link names them), whose files are those of cmake --install plus Debian's
# (compressed man pages, copyright, changelog.gz), owned by root, with
# md5sums that match; lintian, when installed, reports no error. Skips
# (77) without dpkg-dev. No root; does not install the package.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${1:?usage: $0 BUILD_DIR}"
for t in dpkg-deb dpkg-shlibdeps dpkg-architecture; do
	if ! command -v "$t" >/dev/null 2>&1; then
		echo "SKIP: no $t (dpkg-dev)"
		exit 77
	fi
done
tmp=$(mktemp -d /tmp/spt-package.XXXXXX)
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

version=$(sed -n 's/^project(spectrace VERSION \([0-9.]*\).*/\1/p' "$top/CMakeLists.txt")
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
if ! out=$("$top/tools/package" --build-dir "$tmp" 2>"$tmp/err"); then
	not_ok "tools/package"
	cat "$tmp/err"
	exit 1
fi
deb=$tmp/spectrace_${version}_${arch}.deb
check "tools/package names the package it wrote" "$out" "$deb"
[ -f "$deb" ] || { not_ok "no $deb"; exit 1; }

field() { dpkg-deb -f "$deb" "$1"; }
check "Package" "$(field Package)" spectrace
check "Version" "$(field Version)" "$version"
check "Architecture" "$(field Architecture)" "$arch"
# libelf1 and zlib1g come through libbpf1 when the link is --as-needed;
# libdw1 is the DWARF unwinder of ustack() (-x ustackwindow).
deps=$(field Depends | tr ',' '\n' | sed 's/^ *//; s/ .*//' | sort | paste -sd' ')
check "Depends: libbpf1, libc6, libdw1 (libelf1, zlib1g through libbpf1 or named)" \
	"$(printf '%s\n' "$deps" | sed 's/ libelf1//; s/ zlib1g//')" "libbpf1 libc6 libdw1"
check "Depends are versioned, as dpkg-shlibdeps words them" \
	"$(field Depends | tr ',' '\n' | grep -cvE '^ ?[a-z0-9.+-]+ \(>= [^)]+\)$')" 0

want=$(
	cat <<EOF
usr/bin/spectrace
usr/include/spectrace/abi/ktr.h
usr/include/spectrace/ktr.bpf.h
usr/include/spectrace/ktr_user.h
usr/share/bash-completion/completions/spectrace
usr/share/doc/spectrace/changelog.gz
usr/share/doc/spectrace/copyright
usr/share/man/man1/spectrace-ktrdump.1.gz
usr/share/man/man1/spectrace.1.gz
usr/share/pkgconfig/spectrace-ktr.pc
EOF
	for f in "$top"/examples/*.d; do
		echo "usr/share/spectrace/examples/$(basename "$f")"
	done
)
dpkg-deb -c "$deb" >"$tmp/list"
check "the files" "$(grep -v '^d' "$tmp/list" | awk '{ print $6 }' | sed 's|^\./||' | LC_ALL=C sort)" \
	"$(printf '%s\n' "$want" | LC_ALL=C sort)"
check "owned by root" "$(awk '{ print $2 }' "$tmp/list" | sort -u)" "root/root"

mkdir "$tmp/x"
dpkg-deb -R "$deb" "$tmp/x"
check "md5sums match the files" "$(cd "$tmp/x" && md5sum --quiet -c DEBIAN/md5sums 2>&1 && echo good)" good
check "the man page is the tree's" "$(gzip -dc "$tmp/x/usr/share/man/man1/spectrace.1.gz" | cmp - "$top/man/spectrace.1" && echo same)" same
check "the packaged binary runs" "$("$tmp/x/usr/bin/spectrace" --help | head -n 1 | cut -c1-16)" "Usage: spectrace"

if command -v lintian >/dev/null 2>&1; then
	errs=$(lintian --no-tag-display-limit "$deb" 2>/dev/null | grep '^E:')
	check "lintian: no error" "$errs" ""
else
	echo "# lintian is not installed: not run"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
