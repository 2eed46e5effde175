-- A library callback runs experiment{} when the script hands it to string.gsub.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|librar|describe)
local lib = require "mods.later_script_gsub"
local f = lib.callback(os.getenv("MARKER"))
local s = ("ab"):gsub(".", f)
print("the callback returned")
