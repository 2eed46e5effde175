-- A library rewrites the command of a kernel module the script requires too: the script must measure the honest one.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_module_mutation"
local honest = require "mods.honest"
experiment { name = "x", mode = "measure", kernel = honest, procs = { 1 }, repeats = 1, warmup = 0 }
