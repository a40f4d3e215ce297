/* ASSERTION: strsize below 2 is refused with DTrace's text. */
#pragma D option strsize=1
BEGIN { exit(0); }
