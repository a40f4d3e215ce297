/* ASSERTION: dtrace's printf has no hh length: %hhd is an undefined conversion (output-and-messages 3.2). */
BEGIN
{
	printf("%hhd\n", 1);
}
