/* ASSERTION: what spectrace cannot run yet says so and does not half-run. */
syscall:::entry
{
	@[arg0] = count();
}
