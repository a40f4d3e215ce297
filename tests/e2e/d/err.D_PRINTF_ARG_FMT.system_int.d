/* ASSERTION: system() is void(@, ...): a format that is not a string constant is D_PRINTF_ARG_FMT, whatever its type. */
BEGIN
{
	system(1);
}
