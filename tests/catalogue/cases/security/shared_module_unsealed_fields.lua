-- A library rewrites fields of a shipped kernel module (model, params): the script's experiment is refused instead of reporting the library's numbers under kernels.rlsp.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/shared_module_unsealed_fields\.lua:[0-9]+: kernel 'rlsp': its [a-z_]+ was changed after kernel\{\} made it
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_module_unsealed_fields"
local rlsp = require "kernels.rlsp"
experiment { name = "x", kernel = rlsp, machine = require "machines.ksr1", procs = { 1, 2 } }
