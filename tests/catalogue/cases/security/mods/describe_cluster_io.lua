-- A machine file for `scalerun --describe-cluster` that writes a file while it is read.
local f = io.open(os.getenv("MARKER"), "w")
f:write("escaped\n")
f:close()
return machine { name = "evil", procs = 1, speed = 1e6 }
