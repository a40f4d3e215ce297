/* ASSERTION: D's string subroutines give DTrace's results; strings compare with NULL. */
#pragma D option quiet

BEGIN
{
	s = "foobarbazbop";
	printf("strjoin: %s|%s|%s\n", strjoin("foo", "bar"), strjoin("", ""),
	    strjoin(strjoin(probeprov, ":::"), probename));
	printf("substr: %s|%s|%s|%s|%s|%s|%s|%s\n", substr(s, 3), substr(s, -10),
	    substr(s, 300), substr(s, 4, 4), substr(s, 3, -1), substr(s, -10, -5),
	    substr(s, -24, 13), substr(s, -24, 12));
}

BEGIN
{
	s = "fooeyfooeyfoo";
	printf("strchr: %s|%s|%s|%s|%s\n", strchr(s, 'y'), strrchr(s, 'y'),
	    strrchr(strchr(s, 'y'), 'f'), strchr(s, 'a'), strrchr(s, 'a'));
	printf("strstr: %s|%s|%s\n", strstr(s, "eyf"), strstr(s, ""), strstr(s, "ey!"));
	printf("NULL: %d %d %d %d %d\n", strchr(s, 'a') == NULL, strchr(s, 'y') != NULL,
	    NULL == strstr(s, "x"), "" == NULL, probemod == NULL);
	printf("index: %d %d %d %d %d %d\n", index(s, "ey"), index(s, "ey", 4), index(s, "x"),
	    rindex(s, "ey"), rindex(s, "ey", 7), rindex(s, "", -1));
}

BEGIN
{
	printf("basename: %s|%s|%s|%s|%s|%s\n", basename("/"), basename(""), basename("a"),
	    basename("a/"), basename("/a/b//"), basename("//"));
	printf("dirname: %s|%s|%s|%s|%s|%s\n", dirname("/"), dirname(""), dirname("a"),
	    dirname("a/"), dirname("/a/b//"), dirname("//"));
	printf("path: %s %s\n", dirname("/usr/lib/libc.so.1"), basename("/usr/lib/libc.so.1"));
}

BEGIN
{
	printf("lltostr: %s|%s|%s|%s|%s|%s\n", lltostr(0), lltostr(-123456789),
	    lltostr(255, 16), lltostr(8, 8), lltostr(-1, 16), lltostr(10, 2));
	printf("strtoll: %d %d %d %d %d\n", strtoll("  -42abc"), strtoll("0x1f", 16),
	    strtoll("777", 8), strtoll("zz", 36), strtoll(lltostr(-99)));
	printf("case: %s %s\n", toupper("Hello, World 42"), tolower("Hello, World 42"));
}

BEGIN
{
	self->s = strjoin(execname, "!");
	this->t = substr(self->s, -1);
	names[strjoin("k", "1")] = basename("/bin/sh");
	printf("this: %s\n", this->t);
}

BEGIN
{
	printf("self: %s %s %d %d\n", self->s, names["k1"], self->s != NULL,
	    names["k2"] == NULL);
	exit(0);
}
