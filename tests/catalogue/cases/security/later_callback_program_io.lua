-- A library kernel's simulated program removes io and writes the marker when the script simulates it.
-- expect-exit: 2
-- expect: ^(tests/catalogue/cases/security/|\.\.\.[a-z/]*/security/)(mods/)?[a-z0-9_]+\.lua:[0-9]+: 
local lib = require "mods.later_callback_program_io"
local m = machine { name = "bus", speed = 1e6, procs = 64, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
experiment { name = "s", machine = m, kernel = lib.kernel(os.getenv("MARKER")), procs = { 1, 2 }, mode = "simulate" }
