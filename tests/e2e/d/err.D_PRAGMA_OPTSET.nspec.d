/* ASSERTION: a negative nspec is refused at compile time. */
#pragma D option nspec=-1
BEGIN { exit(0); }
