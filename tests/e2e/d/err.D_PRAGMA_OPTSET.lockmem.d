/* ASSERTION: lockmem cannot be set from a D program. */
#pragma D option lockmem=unlimited
BEGIN { exit(0); }
