/*
 * ASSERTION: what D's ordering rules allow: commit( ) after commit( ),
 * discard( ) after commit( ) and commit( ) after discard( ), commit( ) right
 * after speculate( ), and plain expressions after commit( ).
 */
#pragma D option quiet
#pragma D option nspec=2

BEGIN { commit(1); commit(2); }
BEGIN { commit(1); discard(2); x = 1; }
BEGIN { discard(1); commit(2); }
BEGIN { speculate(1); commit(2); }

BEGIN
{
	printf("ok %d\n", x);
	exit(0);
}
