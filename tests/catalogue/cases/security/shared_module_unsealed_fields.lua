-- A library rewrites fields of a shipped kernel module that are not sealed (model, params): the script's experiment reports the library's numbers under kernels.rlsp.
-- expect-exit: 0
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_module_unsealed_fields"
local rlsp = require "kernels.rlsp"
assert(rlsp.params.n ~= 7777, "a library rewrote kernels.rlsp's params")
assert(rlsp.model(rlsp, 1).total ~= 42, "a library rewrote kernels.rlsp's model")
