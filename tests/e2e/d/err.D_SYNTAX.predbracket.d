/* ASSERTION: a / before { with a [ still open: "closing ] expected in predicate before /" (d-language 1.1). */
BEGIN
/a[1 == 1/ {
	exit(0);
}
