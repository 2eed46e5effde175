-- A library rewrites the metatables of scalerun objects it can reach (rules, rings): the script's objects are untouched.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_rule_metatable"
experiment { name = "x", kernel = require "kernels.rlsp", machine = require "machines.ksr1", procs = { 1, 2, 4 },
             scale = isospeed { speed = 3.25 * Mflops, vary = "n" } }
