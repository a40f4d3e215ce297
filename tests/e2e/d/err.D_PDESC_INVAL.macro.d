/* ASSERTION: an undefined macro in a probe description. */
syscall::$1:entry
{
}
