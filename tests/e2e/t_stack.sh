#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: stack() and ustack() record the kernel's and the user's call
# chain and print them as dtrace does (module`function+0xoff, indented by
# stackindent, a blank line after the stack); user frames resolve from the
# process's mappings after it has exited; stacks work as aggregation keys,
# in speculations and in JSON; sym(), usym() and the others name single
# addresses, and reduce as aggregation keys as dtrace reduces them.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"

FP="$TRIG/stackchain_fp"
NOFP="$TRIG/stackchain_nofp"

# The frames of the output's stack lines, offsets dropped: "mod`func".
frames() { sed -n 's/^ \{14\}\([^ ]*\)$/\1/p' "$TMP/out" | sed 's/+0x[0-9a-f]*$//'; }

# run_held SCRIPT CMD: trace -c "CMD wait" (CMD waits on its stdin, a fifo)
# until the output has a line matching the script's "seen", then let the
# command exit, and wait for the tracer to end with it.
run_held() {
	local script=$1 cmd=$2
	shift 2
	rm -f "$TMP/go"
	mkfifo "$TMP/go"
	exec 8<>"$TMP/go"
	: >"$TMP/out"
	"$SPT" "$@" -s "$script" -c "$cmd wait" <&8 >"$TMP/out" 2>"$TMP/err" &
	TPID=$!
	wait_for 20 grep -q seen "$TMP/out" || not_ok "$cmd: no output: $(cat "$TMP/err")"
	echo >&8
	tracer_end 20 "$cmd"
	exec 8>&-
}

cat >"$TMP/u.d" <<'D'
syscall::openat:return /pid == $target && errno == ENOENT/ { printf("seen"); ustack(); stack(); }
D
run_held "$TMP/u.d" "$FP 1" -q
check "ustack() names f3, f2, f1, main (frame pointers)" \
	"$(frames | grep '^stackchain_fp`' | head -4)" \
	"$(printf 'stackchain_fp`f3\nstackchain_fp`f2\nstackchain_fp`f1\nstackchain_fp`main')"
check "stack() ends in the kernel's syscall entry" \
	"$(frames | grep '^vmlinux`' | tail -2)" \
	"$(printf 'vmlinux`do_syscall_64\nvmlinux`entry_SYSCALL_64_after_hwframe')"
check_match "frames are indented 14 blanks, a frame with its offset" \
	"$(grep '`f3' "$TMP/out")" '^ {14}stackchain_fp`f3\+0x[0-9a-f]+$'

# A -c command that exits at once (no wait): it stops at its exit for the
# tracer to read its mappings, so its frames still resolve: an aggregation
# key printed at the end (frame pointers), a record unwound from its copy
# of the stack (no frame pointers: the unwinder reads the files the
# snapshot opened).
for b in fp nofp; do
	act='@[ustack()] = count();'
	[ "$b" = nofp ] && act='ustack();'
	tracer_run -q -x ustackwindow=2k -c "$TRIG/stackchain_$b 1" \
		-n "syscall::openat:return /pid == \$target && errno == ENOENT/ { $act }"
	check "a command that exits at once ($b): its frames resolve" \
		"$TRC:$(frames | grep "^stackchain_$b\`" | head -4)" \
		"0:$(printf 'stackchain_%s`f3\nstackchain_%s`f2\nstackchain_%s`f1\nstackchain_%s`main' $b $b $b $b)"
done

# The processes a -c command starts are seized as it forks them: one that
# takes a stack and exits at once also resolves after it is gone (sh runs
# it as a child: "; true" keeps sh from exec'ing it in its own place).
tracer_run -q -c "sh -c '$FP 1; true'" \
	-n 'syscall::openat:return /execname == "stackchain_fp" && errno == ENOENT/ { @[ustack()] = count(); }'
check "a -c command's child that exits at once: its frames resolve" \
	"$TRC:$(frames | grep '^stackchain_fp`' | head -4)" \
	"0:$(printf 'stackchain_fp`f3\nstackchain_fp`f2\nstackchain_fp`f1\nstackchain_fp`main')"

# Tracing ends with the -c command, not with what it started: a child
# still running is let go, detached and running on.
rm -f "$TMP/bg"
tracer_run -q -n 'BEGIN { }' -c "sh -c 'sleep 60 & echo \$! > $TMP/bg'"
BG=$(cat "$TMP/bg" 2>/dev/null)
check "the -c command's child after tracing: running, no tracer" \
	"$TRC:$(sed -n 's/^State:\t\(.\).*/\1/p; s/^TracerPid:\t//p' "/proc/$BG/status" 2>/dev/null | tr '\n' ' ')" \
	"0:S 0 "
[ -n "$BG" ] && kill "$BG" 2>/dev/null

# Not quiet: the record's line, "\n" and the frames, then the record's newline.
run_held "$TMP/u.d" "$FP 1" -x stackindent=3
check_match "stackindent=3" "$(grep '`f2' "$TMP/out")" '^   stackchain_fp`f2\+0x[0-9a-f]+$'
check "a blank line after the stack" \
	"$(grep -A1 'entry_SYSCALL_64_after_hwframe' "$TMP/out" | tail -1 | grep -c .)" "0"

# Without frame pointers the kernel's walk finds the PC's function only.
run_held "$TMP/u.d" "$NOFP 1" -q
check "ustack() without frame pointers: f3 first" "$(frames | head -1)" 'stackchain_nofp`f3'

# With the registers and 2k of stack, the DWARF unwinder finds the whole chain.
for b in nofp fp; do
	run_held "$TMP/u.d" "$TRIG/stackchain_$b 1" -q -x ustackwindow=2k
	check "ustack() with ustackwindow=2k ($b): f3, f2, f1, main" \
		"$(frames | grep "^stackchain_$b\`" | head -4)" \
		"$(printf 'stackchain_%s`f3\nstackchain_%s`f2\nstackchain_%s`f1\nstackchain_%s`main' $b $b $b $b)"
done

# An aggregation keyed by ustack(), printed after the process exited.
cat >"$TMP/a.d" <<'D'
syscall::openat:return /pid == $target && errno == ENOENT/ { @[ustack()] = count(); }
syscall::openat:return /pid == $target && errno == ENOENT && !seen/ { seen = 1; printf("seen"); ustack(1); }
D
run_held "$TMP/a.d" "$FP 500" -q
check "@[ustack()] over 500 calls: the chain" \
	"$(sed -n '/^seen/,$p' "$TMP/out" | frames | grep '^stackchain_fp`' | sed -n '2,5p')" \
	"$(printf 'stackchain_fp`f3\nstackchain_fp`f2\nstackchain_fp`f1\nstackchain_fp`main')"
check "@[ustack()] over 500 calls: one stack, 500" \
	"$(grep -E '^ +[0-9]+$' "$TMP/out")" "              500"

# @[stack(), execname]
tracer_run -q -n 'syscall::openat:return /pid == $target && errno == ENOENT/ {
	@[stack(), execname] = count(); }' -c "$FP 7"
check_match "@[stack(), execname]" "$(grep -v '^ *[a-z]*`' "$TMP/out" | grep .)" \
	'^  stackchain_fp +7$'
check "@[stack(), execname]: frames" "$(frames | tail -1)" 'vmlinux`entry_SYSCALL_64_after_hwframe'

# A speculation commits the stack only when the call failed.
cat >"$TMP/s.d" <<'D'
syscall::openat:entry /pid == $target/ { self->s = speculation(); speculate(self->s); printf("seen"); ustack(); }
syscall::openat:return /self->s && errno == ENOENT/ { commit(self->s); self->s = 0; }
syscall::openat:return /self->s/ { discard(self->s); self->s = 0; }
D
run_held "$TMP/s.d" "$FP 1" -q
check "speculation: only the failed call's stack" "$(grep -c '`f3+' "$TMP/out") $(grep -c seen "$TMP/out")" "1 1"

# JSON: the frames as an array of module, function, offset, address.
run_held "$TMP/u.d" "$FP 1" -x oformat=json
check_match "JSON frames" "$(grep -o '"type":"ustack"[^]]*]' "$TMP/out" | head -1)" \
	'"frames":\[\{"module":"stackchain_fp","function":"f3","offset":[0-9]+,"address":"0x[0-9a-f]+"\},\{"module":"stackchain_fp","function":"f2"'

# printf's %k: no indent; %-4k: an indent of 4; printa's %k of a stack key.
cat >"$TMP/k.d" <<'D'
syscall::openat:return /pid == $target && errno == ENOENT/ {
	printf("seen%k|%-4k|\n", ustack(2), stack(1)); @[ustack(3)] = count(); }
END { printa("key:%k val:%@d\n", @); }
D
run_held "$TMP/k.d" "$FP 2" -q
check_match "printf %k: frames unindented" "$(sed -n 2p "$TMP/out")" '^stackchain_fp`f3\+0x[0-9a-f]+$'
check_match "printf %-4k: indented 4" "$(grep -m1 '^    vmlinux' "$TMP/out")" '^    vmlinux`[a-z_0-9]+\+0x[0-9a-f]+$'
check "printa %k: key block, then the value" \
	"$(sed -n '/^key:$/,$p' "$TMP/out" | sed 's/+0x[0-9a-f]*//')" \
	"$(printf 'key:\nstackchain_fp`f3\nstackchain_fp`f2\nstackchain_fp`f1\n val:2')"

# stackdepth and ustackdepth count frames; caller and ucaller are addresses.
tracer_run -q -n 'syscall::openat:return /pid == $target && errno == ENOENT/ {
	printf("%d %d %d %d\n", stackdepth > 3, ustackdepth > 4, caller != 0, ucaller != 0); }' -c "$FP 1"
check "stackdepth, ustackdepth, caller, ucaller" "$(cat "$TMP/out" | grep .)" "1 1 1 1"

# Symbols of single addresses: ucaller in f3 is f2's return address.
cat >"$TMP/s.d" <<'D'
syscall::openat:return /pid == $target && errno == ENOENT/ {
	printf("seen\n"); usym(ucaller); printf("|\n"); uaddr(ucaller); printf("|\n");
	umod(ucaller); printf("|\n"); printf("%A|\n", ucaller); ufunc(ucaller); printf("|\n");
	@u[usym(ucaller)] = count(); @m[umod(ucaller)] = count(); }
D
run_held "$TMP/s.d" "$FP 3" -q
check "usym(ucaller): the function, \"  %-50s\"" "$(sed -n 2p "$TMP/out")" \
	"$(printf '  %-50s|' 'stackchain_fp`f2')"
check_match "uaddr(ucaller): with its offset" "$(sed -n 3p "$TMP/out")" \
	'^  stackchain_fp`f2\+0x[0-9a-f]+ +\|$'
check "umod(ucaller): the object" "$(sed -n 4p "$TMP/out")" "$(printf '  %-50s|' stackchain_fp)"
check_match "printf %A of an integer with -c: \$target's symbol" "$(sed -n 5p "$TMP/out")" \
	'^stackchain_fp`f2\+0x[0-9a-f]+\|$'
check "ufunc() is usym()" "$(sed -n 6p "$TMP/out")" "$(sed -n 2p "$TMP/out")"
check "@[usym()], @[umod()] keys after the process exited" "$(sed -n '/^$/,$p' "$TMP/out" | grep .)" \
	"$(printf '  %-50s %16d\n  %-50s %16d' 'stackchain_fp`f2' 3 stackchain_fp 3)"

# -x noresolve: user addresses as the object and the offset into it.
run_held "$TMP/u.d" "$FP 1" -q -x noresolve
check "noresolve: ustack()'s frames in the program are object:0xoffset" \
	"$(sed -n 's/^ \{14\}//p' "$TMP/out" | grep '^stackchain_fp' | grep -v -c -E '^stackchain_fp:0x[0-9a-f]+$')" 0
n=$(sed -n 's/^ \{14\}//p' "$TMP/out" | grep -c '^stackchain_fp:0x')
check "noresolve: f3, f2, f1, main (and libc's start) among them" "$([ "$n" -ge 4 ] && echo yes)" yes
check "noresolve: kernel frames keep their symbols" \
	"$(sed -n 's/^ \{14\}//p' "$TMP/out" | grep -c '^vmlinux`do_syscall_64+0x')" 1

# Keys reduced as dtrace reduces them: every PC in spin() is one usym()
# key (as many as uaddr() has in spin, summed), and one umod() key;
# kernel PCs (arg0) print as func() without offsets and mod() names.
cat >"$TMP/p.d" <<'D'
profile-997 /pid == $target && arg1/ { @s[usym(arg1)] = count(); @a[uaddr(arg1)] = count();
	@m[umod(arg1)] = count(); }
profile-997 /arg0/ { @k[func(arg0)] = count(); @km[mod(arg0)] = count(); }
END { printa("s %A %@d\n", @s); printa("a %A %@d\n", @a); printa("m %A %@d\n", @m);
	printa("k %a %@d\n", @k); printa("km %a %@d\n", @km); }
D
tracer_run -q -s "$TMP/p.d" -c "$FP 3 spin"
check "usym(): spin() is one key" "$(grep -c '^s stackchain_fp`spin ' "$TMP/out")" 1
check "usym()'s spin key sums uaddr()'s spin keys" \
	"$(awk '$1 == "s" && $2 == "stackchain_fp`spin" { print $3 }' "$TMP/out")" \
	"$(awk '$1 == "a" && $2 ~ /^stackchain_fp`spin(\+0x[0-9a-f]+)?$/ { n += $3 } END { print n }' "$TMP/out")"
check "umod(): the program is one key" "$(grep -c '^m stackchain_fp ' "$TMP/out")" 1
check "func(): kernel PCs were sampled (the idle loop is one)" \
	"$([ "$(grep -c '^k ' "$TMP/out")" -ge 1 ] && echo yes)" yes
check "func(): kernel functions without offsets" \
	"$(grep '^k ' "$TMP/out" | grep -v -c -E '^k (vmlinux|[a-z0-9_]+)`[A-Za-z0-9_.]+ [0-9]+$')" 0
check "mod(): vmlinux is one key" "$(grep -c '^km vmlinux [0-9]*$' "$TMP/out")" 1

# Errors.
tracer_run -n 'BEGIN { stack(0); }'
check "stack(0)" "$(cat "$TMP/err")" \
	"spectrace: invalid probe specifier BEGIN { stack(0); }: stack( ) argument #1 must be a non-zero positive integer constant"
tracer_run -n 'BEGIN { jstack(); }'
check_match "jstack() refused" "$(cat "$TMP/err")" 'not supported: jstack'

check_no_leftovers
e2e_done
