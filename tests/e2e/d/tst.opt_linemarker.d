/* ASSERTION: #line and # N "file" lines are line markers, not errors; #ident is ignored. */
#pragma D option quiet
#line 100
# 200 "other.d"
#ident "spectrace test"

BEGIN
{
	printf("markers accepted\n");
	exit(0);
}
