#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: the command line behaves as dtrace(1)'s: usage errors exit 2
# with one line, a description matching nothing exits 1, -l lists probes.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

usage() {
	local out rc
	out=$("$SPT" "$@" 2>&1 >/dev/null)
	rc=$?
	echo "$rc|$out"
}

check "unknown flag" "$(usage -Q | head -2)" "2|spectrace: invalid option -- 'Q'
Usage: spectrace [-eFhlqSVvwZ] [-b bufsz] [-o output] [-x opt[=val]]"
check "missing argument" "$(usage -n | head -1)" "2|spectrace: option requires an argument -- 'n'"
check "bad -b" "$(usage -b 12q -n BEGIN)" \
	"2|spectrace: failed to set -b 12q: invalid value for specified option"
check "bad -x name" "$(usage -x nosuch=1 -n BEGIN)" \
	"2|spectrace: failed to set -x nosuch=1: invalid option name"
check "bad -x switchrate" "$(usage -x switchrate=fast -n BEGIN)" \
	"2|spectrace: failed to set -x switchrate=fast: invalid value for specified option"
check "bad bufpolicy" "$(usage -x bufpolicy=circular -n BEGIN)" \
	"2|spectrace: failed to set -x bufpolicy=circular: invalid value for specified option"
check "no probes" "$(usage -q)" "1|spectrace: no probes specified"
# No arguments at all: dtrace's usage error (stderr, 2), with the synopsis
# of --help and an example.
out=$("$SPT" 2>&1 >/dev/null)
check "no arguments: exit status" "$?" 2
check "no arguments: the synopsis" "$(printf '%s\n' "$out" | head -n 2)" \
	"$("$SPT" --help | head -n 2)"
check "no arguments: an example" "$(printf '%s\n' "$out" | grep -c "^  spectrace -n 'syscall::openat:entry ")" 1
check "no arguments: nothing on stdout" "$("$SPT" 2>/dev/null)" ""
# Operands are macro arguments.
check "operand is \$1" "$(usage -e -n 'syscall::openat:entry /pid == $1/' 42)" "0|"
check "missing macro argument" "$(usage -e -n 'syscall::openat:entry /pid == $2/' 42)" \
	"1|spectrace: invalid probe specifier syscall::openat:entry /pid == \$2/: macro argument \$2 is not defined"

out=$("$SPT" --help)
check "--help exits 0" "$?" 0
check "--help starts with Usage" "$(printf '%s\n' "$out" | head -n 1 | cut -c1-16)" "Usage: spectrace"
check "-V" "$("$SPT" -V; echo "status $?")" "spectrace: Oracle D 2.0
status 0"
check "-vV" "$("$SPT" -vV | head -n 2 | sed '2s/ [0-9.]*$/ X/')" "spectrace: Oracle D 2.0
This is spectrace X"
# -vV goes on with the kernel and each feature spectrace needs.
out=$("$SPT" -vV)
check "-vV: exit status" "$?" 0
check "-vV: the version" "$(printf '%s\n' "$out" | sed -n 2p)" \
	"This is spectrace $(sed -n 's/^project(spectrace VERSION \([0-9.]*\).*/\1/p' "$(dirname "$0")/../../CMakeLists.txt")"
check "-vV: the kernel" "$(printf '%s\n' "$out" | sed -n 3p)" "kernel: Linux $(uname -r) $(uname -m)"
check "-vV: the release needed" "$(printf '%s\n' "$out" | sed -n 4p)" "kernel features (needs Linux 5.17):"
# As root on a kernel spectrace runs on, every feature is there.
check "-vV: every feature found" "$(printf '%s\n' "$out" | sed -n '5,$p' | grep -cvE '^  yes     .+ \(Linux [0-9]+\.[0-9]+\)$')" 0
check "-vV: bpf_loop and BTF among them" \
	"$(printf '%s\n' "$out" | grep -cE '^  yes     (bpf_loop|BTF at /sys/kernel/btf/vmlinux) ')" 2

out=$("$SPT" -n 'syscall::nosuch:entry' 2>&1)
check "no match exits 1" "$?" 1
check "no match message" "$out" \
	"spectrace: invalid probe specifier syscall::nosuch:entry: probe description syscall::nosuch:entry does not match any probes"

out=$("$SPT" -n 'a:b:c:d:e' 2>&1)
check "malformed description exits 1" "$?" 1

out=$("$SPT" -l -n 'syscall::openat:')
check "-l exits 0" "$?" 0
check "-l syscall::openat:" "$(printf '%s\n' "$out" | awk '{print $2, $3, $4, $5}')" \
"PROVIDER MODULE FUNCTION NAME
syscall vmlinux openat entry
syscall vmlinux openat return"
check "-l heading layout" "$(printf '%s\n' "$out" | head -n 1)" \
	"   ID   PROVIDER            MODULE                          FUNCTION NAME"
id_entry=$(printf '%s\n' "$out" | awk 'NR == 2 {print $1}')
id_return=$(printf '%s\n' "$out" | awk 'NR == 3 {print $1}')
check "-l return id follows entry id" "$((id_return - id_entry))" 1

# -lv: dtrace's layout, types from the tracepoints' format files.
heading="   ID   PROVIDER            MODULE                          FUNCTION NAME"
out=$("$SPT" -lv -n 'syscall::openat:entry'; echo "status $?")
check "-lv syscall::openat:entry" "$out" "$heading
$(printf '%5d %10s %17s %33s %s' "$id_entry" syscall vmlinux openat entry)

	Argument Types
		args[0]: int
		args[1]: const char *
		args[2]: int
		args[3]: umode_t

status 0"
out=$("$SPT" -lv -n 'syscall::openat:return' -n 'dtrace:::BEGIN'; echo "status $?")
check "-lv return probe and BEGIN" "$out" "$heading
$(printf '%5d %10s %17s %33s %s' 1 dtrace '' '' BEGIN)

	Argument Types
		None

$(printf '%5d %10s %17s %33s %s' "$id_return" syscall vmlinux openat return)

	Argument Types
		args[0]: long
		args[1]: long

status 0"
out=$("$SPT" -lv -n 'dtrace:::ERROR' | tail -n +3)
check "-lv ERROR" "$out" "
	Argument Types
		args[0]: uint64_t
		args[1]: uint32_t
		args[2]: int
		args[3]: int
		args[4]: int
		args[5]: uint64_t"
# Every syscall's types are readable.
out=$("$SPT" -lv -n 'syscall:::' 2>&1 >/dev/null)
check "-lv syscall::: reads every format" "$?:$out" "0:"

# Every syscall tracepoint of the kernel with a known number is a probe pair.
tracefs=/sys/kernel/tracing
[ -d $tracefs/events ] || tracefs=/sys/kernel/debug/tracing
all=$("$SPT" -l)
nentry=$(printf '%s\n' "$all" | awk '$5 == "entry"' | wc -l)
nreturn=$(printf '%s\n' "$all" | awk '$5 == "return"' | wc -l)
ntp=$(ls "$tracefs/events/syscalls" | grep -c '^sys_enter_')
check "-l entry and return pair up" "$nentry" "$nreturn"
if [ "$nentry" -ge $((ntp - 10)) ] && [ "$nentry" -le "$ntp" ]; then
	ok "-l lists the kernel's syscalls ($nentry of $ntp tracepoints)"
else
	not_ok "-l lists the kernel's syscalls ($nentry of $ntp tracepoints)"
fi
# -l: a description that matches nothing is reported, the listing goes on, status 0.
out=$("$SPT" -l -n 'syscall::nosuch*:' -n 'nosuch:entry' -n 'dtrace:::END' 2>"$TMP/err")
check "-l no match exits 0" "$?" 0
check "-l no match: dtrace's message, each description in full" "$(cat "$TMP/err")" \
	"spectrace: failed to match syscall::nosuch*:: No probe matches description
spectrace: failed to match ::nosuch:entry: No probe matches description"
check "-l no match: the others listed" "$(printf '%s\n' "$out" | tail -n +2 | awk '{print $1, $2, $3}')" "2 dtrace END"

# -Z: a description matching nothing enables nothing instead of failing.
out=$("$SPT" -Z -q -n 'syscall::nosuch:entry { trace(1); }' -n 'BEGIN { printf("begin\n"); exit(0); }' 2>&1)
check "-Z: the other clauses trace" "$?:$out" "0:begin"
"$SPT" -n 'syscall::nosuch:entry' -n 'BEGIN { exit(0); }' >/dev/null 2>&1
check "without -Z it is an error" "$?" 1

# Compile errors of -n programs as dtrace shows them: no line; the region
# for type-checking errors; nothing for lexing, parsing or code generation.
check "-n: action list" "$(usage -e -n 'BEGIN { trace(nosuch); }')" \
	"1|spectrace: invalid probe specifier BEGIN { trace(nosuch); }: in action list: failed to resolve nosuch: Unknown variable name"
check "-n: predicate" "$(usage -e -n 'BEGIN /nosuch/ { }')" \
	"1|spectrace: invalid probe specifier BEGIN /nosuch/ { }: in predicate: failed to resolve nosuch: Unknown variable name"
check "-n: syntax error" "$(usage -e -n 'BEGIN { x = ; }')" \
	"1|spectrace: invalid probe specifier BEGIN { x = ; }: syntax error near \";\""
check "-n: code generation" "$(usage -e -n 'BEGIN{printf("%d")}')" \
	"1|spectrace: invalid probe specifier BEGIN{printf(\"%d\")}: printf( ) prototype mismatch: conversion #1 (%d) is missing a corresponding value argument"
check "-n: -x errtags" "$(usage -e -x errtags -n 'BEGIN { trace(nosuch); }')" \
	"1|spectrace: invalid probe specifier BEGIN { trace(nosuch); }: [D_IDENT_UNDEF] in action list: failed to resolve nosuch: Unknown variable name"
check "-n: continuation lines" "$(usage -e -n 'BEGIN { trace(substr(1, 2)); }')" \
	"1|spectrace: invalid probe specifier BEGIN { trace(substr(1, 2)); }: in action list: substr( ) argument #1 is incompatible with prototype:
	prototype: const char *
	 argument: int"
# The unused-argument check is per program: the second one does not use $1.
check "-n: extraneous argument, per program" \
	"$(usage -e -n 'BEGIN { trace($1); }' -n 'END { }' 5)" \
	"1|spectrace: invalid probe specifier END { }: extraneous argument '5' (\$1 is not referenced)"
check "-n: \$0 is argv[0]" "$("$SPT" -q -n 'BEGIN { printf("%s\n", $0); exit(0); }')" "$SPT"
# On a terminal (script(1) gives one) the source line and a caret follow.
if command -v script >/dev/null; then
	out=$(script -qec "$SPT -e -n 'BEGIN { x = ; }'" /dev/null | tr -d '\r')
	check "terminal: source line and caret" "$out" \
		"spectrace: invalid probe specifier BEGIN { x = ; }: syntax error near \";\"
  BEGIN { x = ; }
              ^ column 13"
fi

e2e_done
