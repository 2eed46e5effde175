-- check{ baseline = FILE } reads a result file (and the results database) while the library loads.
local dir = (require "mods.marker"):match("^(.*)/")
check { name = "stolen", of = "x", baseline = dir .. "/secret.txt" }
return {}
