/*
 * ASSERTION: enum definitions: enumerators count from 0 and on from an
 * explicit value (a constant expression, earlier enumerators included),
 * are constants of the enum's type (an int: trace's " %10d"), and the
 * type declares variables and casts.
 */
enum color { RED, GREEN = 5, BLUE, WHITE = GREEN * 2, BLACK = -1, GREY };
enum { ANON = 'a' };

enum color c;

BEGIN
{
	c = BLUE;
	trace(RED);
	trace(GREEN);
	trace(BLUE);
	trace(WHITE);
	trace(BLACK);
	trace(GREY);
	trace(ANON);
	trace(c);
	trace((enum color)6 == BLUE);
	trace(sizeof (enum color));
	exit(0);
}
