/* ASSERTION: a flag option takes no value. */
#pragma D option zdefs=1
BEGIN { exit(0); }
