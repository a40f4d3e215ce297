/* ASSERTION: a line marker that names a file puts "FILE", line N in messages, as cpp's markers for an #include'd file do (d-language 5.1). */
#line 7 "lib/other.d"
BEGIN
{
	x = ;
}
