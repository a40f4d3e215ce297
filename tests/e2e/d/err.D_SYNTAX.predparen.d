/* ASSERTION: a / before { with a ( still open ends the predicate: "closing ) expected in predicate before /" (d-language 1.1). */
BEGIN
/(1 == 1/ {
	exit(0);
}
