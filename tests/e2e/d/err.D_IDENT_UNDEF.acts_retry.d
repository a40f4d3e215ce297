/*
 * ASSERTION: a predicate that does not create the variable the actions
 * name: after the retry the actions' unknown name is reported.
 */
BEGIN
/pid != 0/
{
	trace(alsonot);
}
