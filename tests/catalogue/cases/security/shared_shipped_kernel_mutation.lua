-- A library rewrites the shipped kernels.pi in the module cache: the script is told, and runs nothing.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/[a-z_]+\.lua:[0-9]+: kernel .*: its (command|native) was changed after kernel\{\} made it
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_shipped_kernel_mutation"
local pi = require "kernels.pi"
experiment { name = "x", mode = "measure", kernel = pi { samples = 1e4 }, procs = { 1 }, repeats = 1, warmup = 0 }
