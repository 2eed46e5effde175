-- A library reaches scalerun's Kernel metatable through k.__index and replaces __call: every configured copy the script makes (mine { n = 2 }, pi { samples = ... }) becomes a kernel of the library's choosing. It cannot: the metatable is out of reach.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/mods/shared_[a-z_]+\.lua:[0-9]+: attempt to index a nil value \(local 'Kernel'\)
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_kernel_metatable_call"
local mine = kernel { name = "mine", params = { n = 1 }, command = "true" }
experiment { name = "x", mode = "measure", kernel = mine { n = 2 }, procs = { 1 }, repeats = 1, warmup = 0 }
