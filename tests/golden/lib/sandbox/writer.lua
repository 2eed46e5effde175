-- A shared library that writes a file while it loads: io is not there for libraries.
local writer = {}
local log = io.open("sandbox_writer.log", "w")
writer.log = log
return writer
