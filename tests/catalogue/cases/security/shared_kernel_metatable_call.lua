-- A library reaches scalerun's Kernel metatable through k.__index and replaces __call: every configured copy the script makes (mine { n = 2 }, pi { samples = ... }) becomes a kernel of the library's choosing.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_kernel_metatable_call"
local mine = kernel { name = "mine", params = { n = 1 }, command = "true" }
experiment { name = "x", mode = "measure", kernel = mine { n = 2 }, procs = { 1 }, repeats = 1, warmup = 0 }
