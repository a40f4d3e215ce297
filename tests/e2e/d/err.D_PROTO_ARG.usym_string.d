/* ASSERTION: usym()'s argument is a uintptr_t, not a string. */
BEGIN
{
	usym("main");
}
