#!/usr/bin/env bash
# SPDX-License-Identifier: (BSD-2-Clause OR GPL-2.0)
# ASSERTION: -o appends exactly what stdout would have shown to a file and
# leaves stderr as it was; -x oformat=json writes one JSON object per line
# (jq parses each) with exact values for records, printf, aggregations,
# drops, faults and failed speculations, and stderr as in text.
. "$(dirname "$0")/lib/common.bash"
e2e_init "$1"
export SYSLOOP_QUIET=1	# the -c commands' output would mix with the tracer's

# Text records without their CPU column: END fires on the consumer's CPU.
nocpu() { sed -E 's/^ *[0-9]+ ( +[0-9]+ )/\1/' "$@"; }

# --- -o file ---

prog='syscall::sched_get_priority_max:entry /execname == "sysloop"/ { trace(arg0); printf("n=%d", ++n); }
	END { printf("end %d\n", n); }'
tracer_run -c "$TRIG/sysloop sched_get_priority_max 3 0" -n "$prog"
nocpu "$TMP/out" >"$TMP/plain"
plain_err=$(sed 's/pid [0-9]*/pid N/' "$TMP/err")
# END's printf ends in a newline before the record's own: an empty line
check "without -o: heading, three records, END (two lines) and the final newline" "$(wc -l <"$TMP/plain")" 7
check "without -o: the last line is empty" "$(tail -n 1 "$TMP/plain")" ""

printf 'kept\n' >"$TMP/o"
tracer_run -o "$TMP/o" -c "$TRIG/sysloop sched_get_priority_max 3 0" -n "$prog"
check "-o: exit status" "$TRC" 0
check "-o: nothing on stdout" "$(cat "$TMP/out")" ""
check "-o: stderr unchanged" "$(sed 's/pid [0-9]*/pid N/' "$TMP/err")" "$plain_err"
check "-o: appended after what the file held, byte for byte stdout's" "$(nocpu "$TMP/o"; echo .)" \
	"$(printf 'kept\n'; cat "$TMP/plain"; echo .)"

tracer_run -o "$TMP/o" -q -n 'BEGIN { @a = count(); @b = sum(5); printa("a=%@d\n", @a); exit(0); }'
# printa's line, the final newline, the other aggregation
check "-o: a second run's printa and aggregations at exit appended" "$(nocpu "$TMP/o"; echo .)" \
	"$(printf 'kept\n'; cat "$TMP/plain"; printf 'a=1\n\n %16d\n.' 5)"

tracer_run -o "$TMP/fault" -n 'BEGIN { *(char *)NULL; }' -n 'BEGIN { exit(0); }'
check "-o: a fault's message stays on stderr" "$(grep -c 'error in dt_clause_0 for probe ID 1' "$TMP/err")" 1
check "-o: and is not in the file" "$(grep -c 'error' "$TMP/fault")" 0

tracer_run -o "$TMP/list" -l -n 'syscall::sched_get_priority_max:entry'
check "-o -l: the list in the file" "$(awk 'NR == 2 {print $2, $3, $4, $5}' "$TMP/list")" \
	"syscall vmlinux sched_get_priority_max entry"
check "-o -l: stdout empty" "$(cat "$TMP/out")" ""

tracer_run -o /nonexistent/spt-dir/out -n 'BEGIN { exit(0); }'
check "-o: a file that cannot be opened" "$TRC:$(cat "$TMP/err")" \
	"1:spectrace: failed to open output file '/nonexistent/spt-dir/out': No such file or directory"
tracer_run -o /dev/full -q -n 'BEGIN { printf("x\n"); exit(0); }'
check "-o: a write error is an error, in dtrace's words" "$TRC:$(cat "$TMP/err")" \
	"1:spectrace: failed to write to /dev/full: No space left on device"
tracer_run -o "$TMP/never" -n 'BEGIN { nosuch(); }'
check "-o: a program that does not compile creates no file" "$TRC:$([ -e "$TMP/never" ] && echo exists)" "1:"

# --- oformat=json ---

if ! command -v jq >/dev/null; then
	not_ok "jq is not installed (tools/bootstrap installs it)"
	e2e_done
	exit 1
fi

# lines FILE: every line is one JSON object on its own (jq parses lines
# one by one); prints the number of lines.
lines() {
	local n types
	n=$(wc -l <"$1")
	types=$(jq -R -r 'fromjson | type' "$1" 2>&1 | grep -cx object)
	if [ "$types" = "$n" ] && [ "$(tail -c 1 "$1" | wc -l)" = 1 ]; then
		echo "$n"
	else
		echo "not one object per line ($types objects in $n lines)"
	fi
}

# jqs FILE FILTER: the compact output of FILTER over every line of FILE.
jqs() { jq -c "$2" "$1"; }

# Records of a trigger's five openat() calls, found by their path.
path=/nonexistent/spectrace-trigger
tracer_run -x oformat=json -c "$TRIG/sysloop openat 5" -n "syscall::openat:entry /pid == \$target && copyinstr(arg1) == \"$path\"/ {
		trace((int)arg0); trace(copyinstr(arg1)); printf(\"open %d: %s\\n\", ++n, copyinstr(arg1));
		self->mine = 1; }
	syscall::openat:return /self->mine/ { trace((short)arg1); self->mine = 0; }"
check "json: exit status" "$TRC" 0
check "json: one object per line" "$(lines "$TMP/out")" 10
check "json: stderr as in text" "$(cat "$TMP/err")" \
	"spectrace: description 'syscall::openat:entry ' matched 2 probes"
check "json: five entry records" \
	"$(jqs "$TMP/out" 'select(.type == "probe" and .probe == "syscall:vmlinux:openat:entry") | .epid' | sort -u | wc -l):$(jq -c 'select(.name == "entry")' "$TMP/out" | wc -l)" "1:5"
id=$("$SPT" -l -n syscall::openat:entry | awk 'NR == 2 {print $1}')
check "json: probe members" \
	"$(jqs "$TMP/out" 'select(.name == "entry") | [.type, .id, .epid, .provider, .module, .function, .name]' | sort -u)" \
	"[\"probe\",$id,1,\"syscall\",\"vmlinux\",\"openat\",\"entry\"]"
check "json: trace() of an int and a string" \
	"$(jqs "$TMP/out" 'select(.name == "entry") | .data[0:2]' | sort -u)" \
	"[{\"action\":\"trace\",\"type\":\"int\",\"value\":-100},{\"action\":\"trace\",\"type\":\"string\",\"value\":\"$path\"}]"
check "json: printf's output in order, also in .printf" \
	"$(jq -j 'select(.name == "entry") | .data[2].value + .printf' "$TMP/out")" \
	"$(for i in 1 2 3 4 5; do printf 'open %d: %s\nopen %d: %s\n' "$i" "$path" "$i" "$path"; done)"
check "json: each entry followed by its return: a short, -ENOENT" \
	"$(jq -r '.name + " " + (.epid | tostring) + " " + (.data[0].value | tostring)' "$TMP/out" | paste -sd ' ')" \
	"$(for i in 1 2 3 4 5; do printf 'entry 1 -100 return 2 -2 '; done | sed 's/ $//')"

# A path that is not UTF-8 with a control byte: U+FFFD and \u0001, the bytes in hex.
tracer_run -x oformat=json -c "$TRIG/sysloop openat_latin1 2" -n 'syscall::openat:entry
	/pid == $target && strstr(copyinstr(arg1), "spt-caf") != NULL/ { trace(copyinstr(arg1)); }'
check "json: invalid UTF-8: one object per line" "$(lines "$TMP/out")" 2
check "json: invalid UTF-8 escaped as written" \
	"$(grep -o '"value":"[^"]*","hex":"[0-9a-f]*"' "$TMP/out" | sort -u)" \
	'"value":"/nonexistent/spt-caf\ufffd\u0001","hex":"2f6e6f6e6578697374656e742f7370742d636166e901"'
check "json: and decoded by jq" "$(jq -r '.data[0].value' "$TMP/out" | sort -u | od -An -c | tr -s ' ')" \
	"$(printf '/nonexistent/spt-caf\357\277\275\001\n' | od -An -c | tr -s ' ')"

# Aggregations at exit, and printa() in END after its record.
tracer_run -x oformat=json -c "$TRIG/sysloop sched_get_priority_min 7 0" -n '
	syscall::sched_get_priority_min:entry /pid == $target/ {
		@c[probefunc] = count(); @q = quantize(arg0 + 5); @l = lquantize(arg0 + 25, 0, 20, 10);
		@s = sum(3); }
	END { printa("sum %@d\n", @s); }'
check "json: aggregations: one object per line" "$(lines "$TMP/out")" 5
check "json: END's record, then its printa, then the others at exit" \
	"$(jq -r '.type + ":" + (.name // "") + ":" + (.when // "")' "$TMP/out" | tr '\n' ' ')" \
	"probe:END: aggregation:@s:printa aggregation:@c:exit aggregation:@q:exit aggregation:@l:exit "
check "json: printa's tuple and text" "$(jqs "$TMP/out" 'select(.name == "@s") | [.function, .tuples]')" \
	'["sum",[{"keys":[],"value":21,"printa":"sum 21\n"}]]'
check "json: count by key" "$(jqs "$TMP/out" 'select(.name == "@c") | [.function, .tuples]')" \
	'["count",[{"keys":[{"type":"string","value":"sched_get_priority_min"}],"value":7}]]'
check "json: quantize buckets" "$(jqs "$TMP/out" 'select(.name == "@q") | [.function, .tuples]')" \
	'["quantize",[{"keys":[],"buckets":[{"min":4,"max":7,"count":7}]}]]'
check "json: lquantize overflow bucket" "$(jqs "$TMP/out" 'select(.name == "@l") | .tuples')" \
	'[{"keys":[],"buckets":[{"min":20,"max":null,"count":7}]}]'

# printa() of several aggregations: every one's value of the key, the
# first's as the tuple's value, the others' in "more", by name (a key one
# lacks has its zero, as the text format prints it).
tracer_run -x oformat=json -n 'BEGIN { @c["a"] = count(); @c["b"] = count(); @c["b"] = count();
	@s["a"] = sum(10); @q["b"] = quantize(3); printa(@c, @s, @q); exit(0); }'
check "json: printa of several aggregations" \
	"$(jqs "$TMP/out" 'select(.type == "aggregation") | [.name, .when, .tuples]')" \
	'["@c","printa",[{"keys":[{"type":"string","value":"a"}],"value":1,"more":[{"name":"@s","function":"sum","value":10},{"name":"@q","function":"quantize","buckets":[]}]},{"keys":[{"type":"string","value":"b"}],"value":2,"more":[{"name":"@s","function":"sum","value":0},{"name":"@q","function":"quantize","buckets":[{"min":2,"max":3,"count":1}]}]}]]'
tracer_run -x oformat=json -n 'BEGIN { @a = count(); @b = sum(4); printa("%@d %@d\n", @a, @b); exit(0); }'
check "json: printa(fmt) of several: values and text" \
	"$(jqs "$TMP/out" 'select(.type == "aggregation") | .tuples')" \
	'[{"keys":[],"value":1,"more":[{"name":"@b","function":"sum","value":4}],"printa":"1 4\n"}]'

# Drops: six BEGIN clauses of 16 bytes each, a buffer of 64: four printed, two dropped.
tracer_run -x oformat=json -b 64 -n 'BEGIN { trace(1); }' -n 'BEGIN { trace(2); }' -n 'BEGIN { trace(3); }' \
	-n 'BEGIN { trace(4); }' -n 'BEGIN { trace(5); }' -n 'BEGIN { trace(6); exit(0); }'
cpu=$(jq -r 'select(.type == "probe") | .cpu' "$TMP/out" | sort -u)
check "json: drops: one object per line" "$(lines "$TMP/out")" 5
check "json: four records fit" "$(jq -r 'select(.type == "probe") | .data[0].value' "$TMP/out" | paste -sd ' ')" "1 2 3 4"
check "json: the drop record" "$(jqs "$TMP/out" 'select(.type == "drop")')" \
	"{\"type\":\"drop\",\"kind\":\"principal\",\"cpu\":$cpu,\"count\":2}"
check "json: and its message on stderr" "$(grep drop "$TMP/err")" "spectrace: 2 drops on CPU $cpu"

# ERROR: the fault record with the message's fields, the ERROR clause's record, the count.
tracer_run -x oformat=json -n 'BEGIN { *(char *)NULL; }' -n 'ERROR { trace(arg4); trace(arg5); }' -n 'BEGIN { exit(0); }'
# BEGIN fires on the consumer's CPU, which may differ from run to run.
json_err=$(sed 's/on CPU [0-9]*/on CPU C/' "$TMP/err")
cpu=$(jq -r 'select(.type == "fault") | .cpu' "$TMP/out")
# the offset is the VM's (dtrace-utils' message leaves it out here); a number
off=$(jq -r 'select(.type == "fault") | .offset' "$TMP/out")
check_match "json: the fault's offset" "$off" '^[0-9]+$'
check "json: fault: one object per line" "$(lines "$TMP/out")" 4
check "json: the fault record" \
	"$(jqs "$TMP/out" 'select(.type == "fault") | del(.cpu)')" \
	"{\"type\":\"fault\",\"epid\":1,\"id\":1,\"probe\":\"dtrace:::BEGIN\",\"provider\":\"dtrace\",\"module\":\"\",\"function\":\"\",\"name\":\"BEGIN\",\"action\":1,\"offset\":$off,\"fault\":\"badaddr\",\"fault_code\":1,\"address\":0,\"message\":\"invalid address (0x0)\"}"
check "json: ERROR's record (arg4, arg5) before the fault record" \
	"$(jq -c '[.type, .name // "", .data // []]' "$TMP/out" | head -n 2)" \
	"$(printf '%s\n%s' '["probe","ERROR",[{"action":"trace","type":"int","value":1},{"action":"trace","type":"int","value":0}]]' '["fault","BEGIN",[]]')"
check "json: the error count" "$(jqs "$TMP/out" 'select(.type == "errors")')" \
	"{\"type\":\"errors\",\"cpu\":$cpu,\"count\":1}"
tracer_run -n 'BEGIN { *(char *)NULL; }' -n 'ERROR { trace(arg4); trace(arg5); }' -n 'BEGIN { exit(0); }'
check "json: fault: stderr as in text" "$json_err" "$(sed 's/on CPU [0-9]*/on CPU C/' "$TMP/err")"

# Failed speculations, and speculative drops (a part of 16 bytes holds one record).
tracer_run -q -x oformat=json -n 'BEGIN { a = speculation(); b = speculation(); c = speculation(); exit(0); }'
check "json: failed speculations" "$(jqs "$TMP/out" 'select(.type != "probe")')" \
	'{"type":"speculation_failure","reason":"unavailable","count":2}'
tracer_run -x oformat=json -x specsize=16 -c "$TRIG/sysloop sched_get_priority_min 5 0" -n '
	BEGIN { s = speculation(); }
	syscall::sched_get_priority_min:entry /pid == $target/ { speculate(s); printf("%d\n", ++n); }
	END { commit(s); }'
check "json: speculative drops" "$(jqs "$TMP/out" 'select(.type == "drop")')" \
	'{"type":"drop","kind":"speculative","count":4}'
check "json: the committed record" "$(jq -r 'select(.type == "probe") | .printf // empty' "$TMP/out")" "1"

# The pragma, and -o with JSON.
printf '#pragma D option oformat=json\nBEGIN { printf("%%s\\n", "from a pragma"); exit(0); }\n' >"$TMP/p.d"
tracer_run -o "$TMP/j" -s "$TMP/p.d"
check "json: pragma and -o: stdout empty" "$(cat "$TMP/out")" ""
check "json: pragma and -o: stderr" "$(cat "$TMP/err")" "spectrace: script '$TMP/p.d' matched 1 probe"
check "json: pragma and -o: the file" "$(lines "$TMP/j"):$(jq -r '.printf' "$TMP/j")" "1:from a pragma"

# system(): the command in the record, its output on stderr after the line;
# with text output and -o, its output in order in the file.
tracer_run -w -q -x oformat=json -n 'BEGIN { system("echo hi %d", 5); exit(0); }'
check "json: system(): the command" "$(jq -c '.data[0]' "$TMP/out")" \
	'{"action":"system","command":"echo hi 5"}'
check "json: system(): its output on stderr" "$(cat "$TMP/err")" "hi 5"
tracer_run -w -q -o "$TMP/sys" -n 'BEGIN { printf("a\n"); system("echo hi"); printf("b\n"); exit(0); }'
check "text -o: system()'s output in order in the file" "$(cat "$TMP/sys")" "$(printf 'a\nhi\nb')"

check "json: oformat=xml refused" "$("$SPT" -x oformat=xml -n BEGIN 2>&1; echo "rc=$?")" \
	"$(printf 'spectrace: failed to set -x oformat: not supported: only text and json\nrc=1')"

check_no_leftovers
e2e_done
