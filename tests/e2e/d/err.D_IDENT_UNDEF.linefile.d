/* ASSERTION: a compile error found after parsing names the marker's file too; cpp's "<stdin>" (the main file under -C) gives back the plain line N (d-language 5.1). */
# 1 "inc.h" 1
inline int X = 1;
# 4 "<stdin>" 2
BEGIN
{
	trace(nosuch);
}
