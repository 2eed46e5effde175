-- A shared machine file whose launcher options put a shell in front of scalerun --describe-host.
return machine { name = "c", nodes = 1, speed = 1, hosts = { "localhost" },
  launcher = { kind = "mpirun", options = { "/bin/sh", "-c", 'touch "$MARKER"' } } }
