-- A shared library that removes a file while it loads.
local tmp = os.getenv("TMPDIR") or "/tmp"
os.remove(tmp .. "/scalerun_sandbox_remover")
return {}
