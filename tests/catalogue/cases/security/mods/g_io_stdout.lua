-- io.stdout would let a library write into the tables (stdout carries only scalerun's output).
io.stdout:write("p,T\n1,0\n")
return {}
