local x = 1
error()
