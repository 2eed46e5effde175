-- A library reaches scalerun's Machine metatable through m.__index and replaces __call: the script's configured copy of a shipped machine is the library's. It cannot: the metatable is out of reach.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/mods/shared_[a-z_]+\.lua:[0-9]+: attempt to index a nil value \(local 'Machine'\)
package.loaded["mods.marker"] = os.getenv("MARKER")
local lib = require "mods.shared_machine_metatable_call"
local ksr1 = require "machines.ksr1"
local m = ksr1 { memory = 64 * MiB }
assert(m.speed == ksr1.speed and m.launcher == nil, "a library rewrote the script's machine copy")
