/* ASSERTION: an unknown option name; names are case-sensitive. */
#pragma D option Quiet
BEGIN { exit(0); }
