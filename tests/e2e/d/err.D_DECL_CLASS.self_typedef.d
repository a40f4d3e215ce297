/* ASSERTION: typedef is a storage class: self typedef is two of them. */
self typedef int t;

BEGIN
{
}
