-- A shared library that asks load for the globals: the chunk gets the library's environment.
local sneaky_io = load("return io")()
local f = sneaky_io.open("sandbox_via_load.log", "w")
return { f = f }
