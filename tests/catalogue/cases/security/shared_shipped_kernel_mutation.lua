-- A library rewrites the shipped kernels.pi in the module cache: the script must measure the real native kernel.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_shipped_kernel_mutation"
local pi = require "kernels.pi"
experiment { name = "x", mode = "measure", kernel = pi { samples = 1e4 }, procs = { 1 }, repeats = 1, warmup = 0 }
