/* ASSERTION: associative arrays with integer and string keys and values; 0 deletes. */
#pragma D option quiet

BEGIN
{
	prot[0] = "---";
	prot[1] = "r--";
	prot[2] = "-w-";
	prot[3] = "rw-";
	prot[4] = "--x";
	prot[5] = "r-x";
	prot[6] = "-wx";
	prot[7] = "rwx";
	printf("%s %s %s\n", prot[5], prot[0], prot[7 & 0x7]);
	n["a", 1] = 10;
	n["a", 1] += 5;
	n["b", 2]++;
	n["b", 2]++;
	printf("%d %d %d\n", n["a", 1], n["b", 2], n["c", 3]);
	n["a", 1] = 0;
	printf("%d|%s|\n", n["a", 1], prot[9]);
	exit(0);
}
