/* ASSERTION: an error in code from an included file names that file ("FILE", line N), also when found after parsing (d-language 5.1). */
BEGIN
{
	exit(0);
}
# 1 "inc/defs.h" 1
inline int X = nosuch + 1;
# 9 "<stdin>" 2
