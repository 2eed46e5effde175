-- A library rewrites the command of a kernel module the script requires too: the script is told, and runs nothing.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/[a-z_]+\.lua:[0-9]+: kernel .*: its (command|native) was changed after kernel\{\} made it
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_module_mutation"
local honest = require "mods.honest"
experiment { name = "x", mode = "measure", kernel = honest, procs = { 1 }, repeats = 1, warmup = 0 }
