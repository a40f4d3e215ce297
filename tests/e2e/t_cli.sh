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

# dtrace(1)'s usage errors: getopt's message, then the usage text, exit 2.
help=$("$SPT" --help)
check "unknown flag" "$(usage -Q)" "2|spectrace: invalid option -- 'Q'
$help"
check "missing argument" "$(usage -n)" "2|spectrace: option requires an argument -- 'n'
$help"
check "-3 other than -32" "$(usage -3x -n BEGIN)" "2|spectrace: illegal option -- 3x
$help"
# A usage error is found before any option is set (the first pass).
check "usage error before a bad -x" "$(usage -x nosuch -Q | head -n 1)" \
	"2|spectrace: invalid option -- 'Q'"
# An option that cannot be set: the option's name only, DTrace's text, exit 1.
check "bad -b" "$(usage -b 12q -n BEGIN)" \
	"1|spectrace: failed to set -b 12q: Invalid value for specified option"
check "bad -x name" "$(usage -x nosuch=1 -n BEGIN)" \
	"1|spectrace: failed to set -x nosuch: Invalid option name"
check "bad -x switchrate" "$(usage -x switchrate=fast -n BEGIN)" \
	"1|spectrace: failed to set -x switchrate: Invalid value for specified option"
check "bad bufpolicy" "$(usage -x bufpolicy=circular -n BEGIN)" \
	"1|spectrace: failed to set -x bufpolicy: Invalid value for specified option"
check "flag with a value" "$(usage -x zdefs=1 -n BEGIN)" \
	"1|spectrace: failed to set -x zdefs: Invalid value for specified option"
check "flag with an empty value" "$(usage -x argref= -n BEGIN)" \
	"1|spectrace: failed to set -x argref: Invalid value for specified option"
check "bad -X" "$(usage -X q -n BEGIN)" \
	"1|spectrace: failed to set -X q: Invalid value for specified option"
check "strsize below 2" "$(usage -x strsize=1 -n BEGIN)" \
	"1|spectrace: failed to set -x strsize: Invalid value for specified option"
check "strsize above UINT_MAX" "$(usage -x strsize=4g -n BEGIN)" \
	"1|spectrace: failed to set -x strsize: Value too large for defined data type"
check "an option whose feature spectrace lacks" "$(usage -x ctypes=/tmp/c -n BEGIN)" \
	"1|spectrace: failed to set -x ctypes: not supported: option ctypes"
check "no programs" "$(usage -q)" "1|spectrace: no probes specified"
check "-e without programs: stops after compiling nothing" "$(usage -e)" "0|"
check "two modes" "$(usage -l -V)" "2|spectrace: only one of the [-GhlV] options can be specified at a time"
check "a mode twice" "$(usage -V -V)" "2|spectrace: only one of the [-GhlV] options can be specified at a time"
check "help and list" "$(usage -h -l -n BEGIN)" \
	"2|spectrace: only one of the [-GhlV] options can be specified at a time"
check "-p not a number" "$(usage -p 12x -n BEGIN)" "1|spectrace: invalid pid: 12x"
# Every option of dtrace's table is known (accepted here, or refused as not supported).
for o in bufsize=4m bufpolicy=switch bufresize=auto aggsize=4m dynvarsize=1m specsize=1m \
	nspec=1 strsize=256 scratchsize=256 destructive grabanon cleanrate=101hz statusrate=1s \
	switchrate=1hz aggrate=1hz stackframes=20 ustackframes=100 maxframes=127 jstackframes=50 \
	jstackstrsize=512 lockmem=unlimited pcapsize=1514 bpflog=no bpflogsize=1m noresolve \
	quiet flowindent stackindent=14 aggsortkey aggsortrev aggsortkeypos=0 aggsortpos=0 \
	printsize=8k quietresize cpp cppargs=-P cpphdrs cpppath=cpp define=X undef=Y incdir=/tmp \
	stdc=a defaultargs argref empty zdefs pspec errtags droptags knodefs kdefs unodefs udefs \
	nolibs libdir=/tmp syslibdir=/tmp version=2.0 amin=Evolving late=static linkmode=kernel \
	linktype=elf lazyload linknommap strip ldpath=ld ctfpath=/tmp modpath=/tmp procfspath=/proc \
	dofstashpath=/run/dtrace evaltime=postinit pgmax=8 useruid=1000 sysslice=system.slice \
	preallocate=1m iregs=8 tregs=8 disasm=1 tree=1 debugassert=mutexes core rawbytes cpu=0 \
	aggpercpu; do
	check "-x $o is accepted" "$(usage -e -x "$o" -n 'BEGIN { exit(0); }')" "0|"
done
for o in ctypes=/tmp/x dtypes=/tmp/x; do
	check "-x $o: not supported" "$(usage -e -x "$o" -n BEGIN)" \
		"1|spectrace: failed to set -x ${o%%=*}: not supported: option ${o%%=*}"
done
check "illumos-only options are unknown, as in dtrace-utils" "$(usage -x agghist -n BEGIN)" \
	"1|spectrace: failed to set -x agghist: Invalid option name"
# The environment: DTRACE_OPT_NAME, before the command line, errors ignored.
out=$(DTRACE_OPT_QUIET=0 "$SPT" -n 'BEGIN { trace(1); exit(0); }' 2>&1)
check "DTRACE_OPT_QUIET=0 sets quiet" "$out" "1"
out=$(DTRACE_OPT_SWITCHRATE=junk DTRACE_OPT_ZDEFS=1 "$SPT" -q -n 'BEGIN { trace(2); exit(0); }' 2>&1)
check "bad DTRACE_OPT_ values are ignored" "$out" "2"
out=$(DTRACE_OPT_QUIET=1 "$SPT" -x quiet= -n 'BEGIN { exit(0); }' 2>&1 >/dev/null)
check "-x beats the environment" "$out" "spectrace: description 'BEGIN ' matched 1 probe"
# -x quiet=0 sets quiet, as in DTrace; quiet=no does not.
check "-x quiet=0" "$("$SPT" -x quiet=0 -n 'BEGIN { trace(6); exit(0); }' 2>&1)" "6"
check "-x quiet=no" "$("$SPT" -x quiet=no -n 'BEGIN { exit(0); }' 2>&1 >/dev/null)" \
	"spectrace: description 'BEGIN ' matched 1 probe"
# -x zdefs lets a description match nothing; only -Z lets all of them.
out=$("$SPT" -q -x zdefs -n 'syscall::nosuch:entry' -n 'BEGIN { trace(3); exit(0); }' 2>&1)
check "-x zdefs: one description matches nothing" "$?|$out" "0|3"
out=$("$SPT" -x zdefs -n 'syscall::nosuch:entry' 2>&1)
check "-x zdefs: nothing matched at all" "$?|$out" "1|spectrace: no probes matched"
# A pragma's compiler flag holds for its own program only.
printf '#pragma D option zdefs\nsyscall::nosuch:entry {}\nBEGIN { exit(0); }\n' >"$TMP/z.d"
check "pragma zdefs: its program" "$(cd "$TMP" && usage -q -s z.d)" "0|"
check "pragma zdefs: not the next program" "$(cd "$TMP" && usage -q -s z.d -n 'syscall::nosuch:return')" \
	"1|spectrace: invalid probe specifier syscall::nosuch:return: probe description syscall::nosuch:return does not match any probes"
# -x defaultargs: operands not given are 0 and "".
out=$("$SPT" -q -x defaultargs -n 'BEGIN { printf("%d [%s]\n", $1, $$2); exit(0); }' 2>&1)
check "-x defaultargs" "$out" "0 []"
# Sizes too small for the program fail at start, in DTrace's words.
check "bufsize below the largest record" "$(usage -b 8 -n 'BEGIN { trace(1); exit(0); }')" \
	"1|spectrace: could not enable tracing: Enabling exceeds size of buffer"
check "aggsize below one tuple" \
	"$(usage -x aggsize=100 -n 'BEGIN { @[execname] = quantize(1); exit(0); }')" \
	"1|spectrace: could not enable tracing: Enabling exceeds size of buffer"
check "dynvarsize of 0 with a self-> variable" \
	"$(usage -x dynvarsize=0 -n 'BEGIN { self->x = 1; exit(0); }')" \
	"1|spectrace: could not enable tracing: Enabling exceeds size of buffer"
check "dynvarsize of 0 with an associative array" \
	"$(usage -x dynvarsize=0 -n 'BEGIN { a["k"] = 1; exit(0); }')" \
	"1|spectrace: could not enable tracing: Enabling exceeds size of buffer"
check "dynvarsize of 0 without dynamic variables" \
	"$(usage -q -x dynvarsize=0 -n 'BEGIN { x = 1; exit(0); }')" "0|"
# strsize above what spectrace holds: lowered, and said unless quietresize (or _DTRACE_TESTING).
check "strsize lowered" "$("$SPT" -q -x strsize=1k -n 'BEGIN { exit(0); }' 2>&1)" \
	"spectrace: string size lowered to 256"
check "strsize lowered, quietresize" \
	"$("$SPT" -q -x strsize=1k -x quietresize -n 'BEGIN { exit(0); }' 2>&1)" ""
check "strsize lowered, _DTRACE_TESTING" \
	"$(_DTRACE_TESTING=1 "$SPT" -q -x strsize=1k -n 'BEGIN { exit(0); }' 2>&1)" ""
# Rates of 0 mean "at every look" and still end.
check "switchrate=0, statusrate=0" \
	"$("$SPT" -q -x switchrate=0 -x statusrate=0 -n 'BEGIN { trace(4); exit(0); }' 2>&1)" "4"
# Pragmas: the cpp options may not be set from a D program.
printf '#pragma D option incdir=/tmp\nBEGIN { exit(0); }\n' >"$TMP/p.d"
check "pragma incdir" "$(cd "$TMP" && "$SPT" -e -s p.d 2>&1)" \
	"spectrace: failed to compile script p.d: line 1: failed to set option 'incdir' to '/tmp': Option cannot be used from within a D program"

# -C: the script through cpp, with -D, -U, -I, -H; errors keep the script's line numbers.
# A machine without cpp (the qemu guest) skips these.
if ! command -v cpp >/dev/null; then
	ok "# skip -C: no cpp on this machine"
else
	mkdir -p "$TMP/inc"
	printf '#define GREETING "hello"\n' >"$TMP/inc/greet.h"
	cat >"$TMP/c.d" <<'EOF'
#!/usr/sbin/dtrace -Cs
#include "greet.h"
#pragma D option quiet
// a C++ comment: gone through cpp
BEGIN
{
#ifdef LOUD
	printf("%s %d\n", GREETING, N);
#else
	printf("quiet %d\n", N);
#endif
	exit(0);
}
EOF
	check "-C -D -I" "$(cd "$TMP" && "$SPT" -C -I inc -D LOUD -DN=7 -s c.d 2>&1)" "hello 7"
	check "-C without LOUD" "$(cd "$TMP" && "$SPT" -C -I inc -DN=3 -s c.d 2>&1)" "quiet 3"
	check "-C -U: the error's line is the script's" \
		"$(cd "$TMP" && "$SPT" -C -I inc -DN=3 -UN -e -s c.d 2>&1)" \
		"spectrace: failed to compile script c.d: line 10: failed to resolve N: Unknown variable name"
	# An error in an #include'd file names that file, as dtrace does.
	printf 'inline int OK = 1;\ninline int BAD = nosuch;\n' >"$TMP/inc/bad.h"
	printf '#include "bad.h"\nBEGIN\n{\n\texit(OK);\n}\n' >"$TMP/b.d"
	check "-C: an error in an included file" "$(cd "$TMP" && "$SPT" -C -I inc -e -s b.d 2>&1)" \
		"spectrace: failed to compile script b.d: \"inc/bad.h\", line 2: failed to resolve nosuch: Unknown variable name"
	printf '#include "bad.h"\nBEGIN\n{\n\tx = ;\n}\n' >"$TMP/b2.d"
	printf 'inline int BAD = 1;\n' >"$TMP/inc/bad.h"
	check "-C: after the include, the script's own lines" "$(cd "$TMP" && "$SPT" -C -I inc -e -s b2.d 2>&1)" \
		"spectrace: failed to compile script b2.d: line 4: syntax error near \";\""
	check "-x define, -x incdir" "$(cd "$TMP" && "$SPT" -C -x incdir=inc -x define=N=5 -s c.d 2>&1)" "quiet 5"
	check "-H lists the included files on stderr" \
		"$(cd "$TMP" && "$SPT" -C -H -I inc -DN=1 -e -s c.d 2>&1 | head -n 1)" ". inc/greet.h"
	check "-C: cpp's errors end the compile" \
		"$(cd "$TMP" && "$SPT" -C -e -s c.d 2>&1 | tail -n 1)" \
		"spectrace: failed to compile script c.d: preprocessor failed"
	check "-x cpppath" \
		"$(cd "$TMP" && "$SPT" -C -x cpppath=/nonexistent/cpp -I inc -DN=1 -e -s c.d 2>&1 | tail -n 1)" \
		"spectrace: failed to compile script c.d: preprocessor failed"
	check "without -C, #include is refused" "$(cd "$TMP" && "$SPT" -e -s c.d 2>&1 | cut -d: -f1-2)" \
		"spectrace: failed to compile script c.d"
	# The same through t_dscripts' form: a script, its arguments, its exact output.
	cat >"$TMP/m.d" <<'EOF'
/* -C with -D: macros, conditionals and // comments. */
#pragma D option quiet
#define SQUARE(x) ((x) * (x))

BEGIN
{
#ifdef TWO
	printf("%d %d\n", TWO, SQUARE(TWO + 1));	// a C++ comment
#else
	printf("no TWO\n");
#endif
	exit(0);
}
EOF
	check "-C: macros with arguments, the final newline" \
		"$(cd "$TMP" && "$SPT" -s m.d -C -D TWO=2 2>&1; echo .)" "2 9

."
fi

# -a, -A (anonymous tracing) are accepted and ignored, as in dtrace-utils; -64 too.
check "-a -A -64" "$("$SPT" -a -A -64 -q -n 'BEGIN { trace(5); exit(0); }' 2>&1)" "5"

# -P, -m, -f: the description in its context.
check "-P dtrace" "$("$SPT" -l -P dtrace | awk 'NR > 1 {print $2, $3}' | paste -sd ' ')" \
	"dtrace BEGIN dtrace END dtrace ERROR"
check "-f openat" "$("$SPT" -l -f openat | awk 'NR > 1 {print $2, $3, $4, $5}' | paste -sd ' ')" \
	"syscall vmlinux openat entry syscall vmlinux openat return"
check "-f provider:module:function" \
	"$("$SPT" -l -f syscall:vmlinux:openat | awk 'NR > 1 {print $4, $5}' | paste -sd ' ')" \
	"openat entry openat return"
check "-m module" "$("$SPT" -l -m 'syscall:vmlinux' | awk 'NR > 1 {print $2}' | sort -u)" "syscall"
check "-P with an action" \
	"$("$SPT" -q -P 'dtrace /probename == "BEGIN"/ { printf("%s\n", probename); exit(0); }' 2>&1)" \
	"BEGIN"
check "-i is refused" "$(usage -i 1)" \
	"1|spectrace: not supported: -i (probes by id: use -n with the description)"
# -v in exec mode is dtrace's stability report: refused (no stability attributes).
check "-v is refused" "$(usage -v -n 'BEGIN { exit(0); }')" \
	"1|spectrace: not supported: -v (dtrace's stability report: spectrace keeps no stability attributes; -x bpflog shows libbpf's messages)"
check "-ev is refused" "$(usage -e -v -n 'BEGIN { exit(0); }')" \
	"1|spectrace: not supported: -v (dtrace's stability report: spectrace keeps no stability attributes; -x bpflog shows libbpf's messages)"

# -w: dtrace's notice once tracing is on, unless quiet.
check "-w notice" "$("$SPT" -w -n 'BEGIN { exit(0); }' 2>&1 >/dev/null)" \
	"spectrace: description 'BEGIN ' matched 1 probe
spectrace: allowing destructive actions"
check "-w -q: no notice" "$("$SPT" -w -q -n 'BEGIN { exit(0); }' 2>&1 >/dev/null)" ""
# glibc's getopt permutes: options after operands still count.
check "options after operands" "$("$SPT" -n 'BEGIN { printf("%d\n", $1); exit(0); }' 10 -q 2>&1)" "10"
check "-- ends the options" "$("$SPT" -q -n 'BEGIN { printf("%s\n", $$1); exit(0); }' -- -x 2>&1)" "-x"

# -x empty: a program with nothing in it compiles (and then matches no probes).
check "-x empty -e" "$(usage -x empty -e -n '')" "0|"
check "-x empty: nothing matched" "$(usage -x empty -n '')" "1|spectrace: no probes matched"

# No arguments at all: a usage error (stderr, 2), with the synopsis of
# --help and an example.
out=$("$SPT" 2>&1 >/dev/null)
check "no arguments: exit status" "$?" 2
check "no arguments: the synopsis" "$(printf '%s\n' "$out" | head -n 2)" \
	"$("$SPT" --help | head -n 2)"
check "no arguments: an example" "$(printf '%s\n' "$out" | grep -c "^  spectrace -n 'syscall::openat:entry ")" 1
check "no arguments: nothing on stdout" "$("$SPT" 2>/dev/null)" ""
# Operands are macro arguments.
check "operand is \$1" "$(usage -e -n 'syscall::openat:entry /pid == $1/ {}' 42)" "0|"
check "missing macro argument" "$(usage -e -n 'syscall::openat:entry /pid == $2/ {}' 42)" \
	"1|spectrace: invalid probe specifier syscall::openat:entry /pid == \$2/ {}: macro argument \$2 is not defined"
# A predicate needs actions, also in -n text (only a description may stand alone).
check "predicate without actions" "$(usage -e -n 'BEGIN /1/')" \
	"1|spectrace: invalid probe specifier BEGIN /1/: expected actions { } following probe description and predicate"

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
# (the version CMakeLists.txt names; the qemu guest has the tests only)
cml=$(dirname "$0")/../../CMakeLists.txt
if [ -f "$cml" ]; then
	check "-vV: the version" "$(printf '%s\n' "$out" | sed -n 2p)" \
		"This is spectrace $(sed -n 's/^project(spectrace VERSION \([0-9.]*\).*/\1/p' "$cml")"
else
	check_match "-vV: the version" "$(printf '%s\n' "$out" | sed -n 2p)" '^This is spectrace [0-9]+\.[0-9]+\.[0-9]+$'
fi
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

# The description as dtrace names it, provider:module:function:name; in a
# script with its line; the tag under -xerrtags; also under -e, which compiles.
check "no match: the four fields" "$(usage -n 'nosuch {}')" \
	"1|spectrace: invalid probe specifier nosuch {}: probe description :::nosuch does not match any probes"
check "no match under -e" "$(usage -e -n 'syscall::nosuch: {}')" \
	"1|spectrace: invalid probe specifier syscall::nosuch: {}: probe description syscall::nosuch: does not match any probes"
check "no match, -xerrtags" "$(usage -e -xerrtags -n 'syscall::nosuch: {}')" \
	"1|spectrace: invalid probe specifier syscall::nosuch: {}: [D_PDESC_ZERO] probe description syscall::nosuch: does not match any probes"
printf 'BEGIN\n{\n}\n\nsyscall::nosuch:entry,\nsyscall::nosuch2:entry\n{\n}\n' >"$TMP/nm.d"
check "no match in a script: its line" "$(cd "$TMP" && usage -e -s nm.d)" \
	"1|spectrace: failed to compile script nm.d: line 5: probe description syscall::nosuch:entry does not match any probes"
check "no match in a script, -Z" "$(cd "$TMP" && usage -e -Z -s nm.d)" "0|"
check "-e: nothing matched is no error" "$(usage -e -x zdefs -n 'syscall::nosuch: {}')" "0|"

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
