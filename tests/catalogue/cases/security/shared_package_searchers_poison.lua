-- A library puts its own searcher first in package.searchers: the script's require must find the real module.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_package_searchers_poison"
local honest = require "mods.honest"
experiment { name = "x", mode = "measure", kernel = honest, procs = { 1 }, repeats = 1, warmup = 0 }
