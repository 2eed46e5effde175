-- A shared library that removes a file while it loads.
local tmp = "/tmp"
os.remove(tmp .. "/scalerun_sandbox_remover")
return {}
