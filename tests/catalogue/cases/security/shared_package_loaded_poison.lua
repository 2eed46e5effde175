-- A library plants a counterfeit module in package.loaded: the script's require must find the real one.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_package_loaded_poison"
local honest = require "mods.honest"
experiment { name = "x", mode = "measure", kernel = honest, procs = { 1 }, repeats = 1, warmup = 0 }
