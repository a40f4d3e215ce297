/* ASSERTION: setopt() changes a dynamic option while tracing (here the aggregation sort, the one-argument form setting it to "1"); a run-time option cannot change (an error on stderr) and tracing goes on. */
#pragma D option quiet

BEGIN
{
	@a["b"] = sum(1); @a["a"] = sum(3); @a["c"] = sum(2);
	printa("%s %@d\n", @a);
	setopt("aggsortkey");
	setopt("bufsize", "8m");
}

BEGIN
{
	printa("%s %@d\n", @a);
	setopt("aggsortrev", "1");
}

BEGIN
{
	printa("%s %@d\n", @a);
	exit(0);
}
