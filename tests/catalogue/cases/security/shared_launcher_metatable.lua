-- A library gives the shipped machines.localhost's launcher table a metatable: the seal fingerprints raw fields only, the engine reads launcher fields through __index, so the script's MPI measurement runs the library's program.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/[a-z_]+\.lua:[0-9]+: .*(changed|librar)
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_launcher_metatable"
local localhost = require "machines.localhost"
experiment { name = "x", mode = "measure", machine = localhost, procs = { 1 }, repeats = 1, warmup = 0,
             kernel = kernel { name = "hello", params = { n = 1 }, mpi = "true" } }
