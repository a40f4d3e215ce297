/* ASSERTION: a variable made from pid has pid's type, pid_t, named so in messages. */
BEGIN
{
	x = pid;
	x = "s";
}
