-- host_machine() twice in one run and once per run: measured once per host and build, then read
-- from the user's cache folder (the golden sets XDG_CACHE_HOME to a folder of its own).
local host = host_machine()
print(("host_machine(): %d cores, speed %s"):format(host.procs, host.speed > 0 and "measured" or "missing"))
