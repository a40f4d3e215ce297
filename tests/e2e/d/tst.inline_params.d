/* ASSERTION: an inline with parameters, NAME[T1 a, T2 b] = expr, used as NAME[x, y]: each parameter stands for its argument cast to the parameter's type, names are the inline's own (d-language 4.6). */
#pragma D option quiet

inline int SQ[int x] = x * x;
inline int MAX2[int a, int b] = a > b ? a : b;
inline char LOW[int v] = v;
inline string PICK[int i, string s, string t] = i ? s : t;
inline int TWICE[int x] = SQ[x] + SQ[x];

BEGIN
{
	x = 100;
	printf("%d %d %d %d\n", SQ[7], MAX2[3, 9], MAX2[-4, -8], SQ[x + 1]);
	printf("%d %s %s %d\n", LOW[300], PICK[1, "yes", "no"], PICK[0, "yes", "no"], TWICE[3]);
	printf("%d\n", x);
	exit(0);
}
