/* ASSERTION: the preprocessor's options cannot be set from a D program. */
#pragma D option define=X=1
BEGIN { exit(0); }
