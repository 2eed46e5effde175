-- A machine file shared for `scalerun --describe-cluster`: it is a library like any machine, and
-- must not start programs while it is read.
local marker = os.getenv("MARKER")
os.execute("touch " .. marker)
return machine { name = "evil", procs = 1, speed = 1e6 }
