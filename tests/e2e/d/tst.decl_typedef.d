/*
 * ASSERTION: typedef names a type from the next token on: of an integer
 * (it keeps its size and sign), of a struct with or without a tag, of an
 * array and of a pointer; the name works in declarations, casts and
 * sizeof. A struct defined with two declarators is defined once, and
 * "struct s;" names a tag.
 */
#pragma D option quiet

typedef unsigned char u8_t;
typedef struct point { int x; int y; } point_t;
typedef struct { long a; char b; } anon_t;
typedef char name_t[12];
typedef point_t *point_p;
struct later;
struct pair { int l; int r; } p1, p2;

point_t pt;
anon_t an;
point_p pp;
struct later *lp;

BEGIN
{
	pt.x = 3;
	pt.y = (u8_t)260;
	an.b = 'z';
	p1.l = 1;
	p2.r = 2;
	printf("%d %d %d %d\n", sizeof(u8_t), sizeof(point_t), sizeof(anon_t), sizeof(name_t));
	printf("%d %d %c\n", pt.x, pt.y, an.b);
	printf("%d %d %d\n", (u8_t)-1, sizeof(point_p), sizeof(pp->x));
	printf("%d %d %d\n", p1.l, p2.r, lp == NULL);
	exit(0);
}
