#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: the man pages render without a warning (groff -man -ww), and
# document every flag and long option that `spectrace --help` and
# `spectrace ktrdump --help` show and every -x option of src/opt.c's table,
# each as an entry of its own (a tagged paragraph), so an option added
# later fails this test until the page has it. Needs groff (tools/bootstrap
# installs it), no root.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:?usage: $0 BUILD_DIR}" && pwd)
spt="$build/spectrace"
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok - $1"; }

if ! command -v groff >/dev/null 2>&1; then
	echo "not ok - groff is not installed (tools/bootstrap installs it)"
	exit 1
fi
if [ ! -x "$spt" ]; then
	echo "not ok - no $spt: build first"
	exit 1
fi

# The tags of a page's tagged paragraphs: the line after each .TP, each
# rendered by groff as a paragraph of its own (wide, no hyphenation), so
# a tag reads as a reader sees it ("-b bufsz", "-h, --help").
tags() {
	{
		echo '.TH T 1'
		awk 'tp { print ".PP"; print; tp = 0 } /^\.TP/ { tp = 1 }' "$1"
	} | groff -man -Tascii -rLL=250n -rHY=0 -P-cbou 2>/dev/null | sed -n 's/^       \([^ ].*\)$/\1/p'
}

# documented TAGS ITEM: ITEM (-b, --help, bufsize) is a word of a tag,
# alone or before "=" ("bufsize=size"), "," or a blank.
documented() {
	printf '%s\n' "$1" | tr ',' ' ' | tr -s ' ' '\n' | sed 's/=.*//' | grep -qxF -- "$2"
}

# check_page PAGE WHAT ITEMS...
check_page() {
	local page=$1 what=$2 t missing='' i
	shift 2
	t=$(tags "$page")
	for i in "$@"; do
		documented "$t" "$i" || missing="$missing $i"
	done
	if [ -z "$missing" ]; then
		ok "$(basename "$page"): every $what ($#)"
	else
		not_ok "$(basename "$page"): $what missing:$missing"
	fi
}

# Flags and long options of a --help text: the synopsis' [-abc] groups and
# [-b arg] items, and every "-x" / "--name" that starts an option line.
help_flags() {
	{
		printf '%s\n' "$1" | grep -oE '\[-[A-Za-z]+\]' | tr -d '[]-' | grep -o .
		printf '%s\n' "$1" | grep -oE '\[-[A-Za-z] ' | tr -d '[ -'
		printf '%s\n' "$1" | grep -oE '^  -[A-Za-z]' | tr -d ' -'
	} | sort -u | sed 's/^/-/'
	printf '%s\n' "$1" | grep -oE '(^|[ ,])--[a-z][a-z-]*' | tr -d ' ,' | sort -u
}

for page in "$top/man/spectrace.1" "$top/man/spectrace-ktrdump.1"; do
	w=$(groff -man -ww -z "$page" 2>&1)
	rc=$?
	if [ "$rc" = 0 ] && [ -z "$w" ]; then
		ok "$(basename "$page") renders without warnings"
	else
		not_ok "$(basename "$page") renders without warnings (status $rc)"
		printf '%s\n' "$w" | head -n 20
	fi
done

help=$("$spt" --help)
mapfile -t flags < <(help_flags "$help")
[ "${#flags[@]}" -ge 15 ] || not_ok "--help: only ${#flags[@]} flags found (${flags[*]})"
check_page "$top/man/spectrace.1" "flag of --help" "${flags[@]}"

# -x options: the table in src/opt.c and the names --help lists.
mapfile -t xopts < <({
	sed -n '/opt_defs\[\] = {/,/^};/p' "$top/src/opt.c" | grep -oE '^[[:space:]]*\{ *"[a-z_0-9]+"' | tr -d '{" \t'
	printf '%s\n' "$help" | sed -n '/^OPTIONS/,/^$/p' | sed -n 's/^  \([a-z]\)/\1/p' |
		sed 's/  .*//' | tr ',' '\n' | sed 's/^ *//; s/[= ].*//'
} | sort -u)
[ "${#xopts[@]}" -ge 20 ] || not_ok "src/opt.c: only ${#xopts[@]} options found"
check_page "$top/man/spectrace.1" "-x option of src/opt.c" "${xopts[@]}"

khelp=$("$spt" ktrdump --help)
mapfile -t kflags < <(help_flags "$khelp")
[ "${#kflags[@]}" -ge 9 ] || not_ok "ktrdump --help: only ${#kflags[@]} flags found"
check_page "$top/man/spectrace-ktrdump.1" "flag of ktrdump --help" "${kflags[@]}"

# The check itself finds what is missing.
if documented "$(tags "$top/man/spectrace.1")" "--nosuch-option"; then
	not_ok "an undocumented option is seen as missing"
else
	ok "an undocumented option is seen as missing"
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
