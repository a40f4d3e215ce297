/* ASSERTION: a constant alloca() larger than scratchsize's usable bytes is D_ALLOCA_SIZE (options-and-actions: scratchsize). */
#pragma D option scratchsize=32

BEGIN
{
	alloca(33);
}
