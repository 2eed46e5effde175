-- This host, described when a script asks for it: topology from hwloc, a measured marked speed
-- per core (an L1-resident multiply-add benchmark on one core and on all cores together) and the
-- memory per core. `scalerun --describe-host` prints the same as a standalone machine script,
-- with caches and the STREAM-triad memory bandwidth in its comments.
return host_machine()
