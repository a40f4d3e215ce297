/* ASSERTION: a predicate without actions is "expected actions { } following probe description and predicate" (d-language 4.1). */
BEGIN
/1/
