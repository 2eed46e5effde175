-- os = nil, then os.execute: the real os must not appear behind the removed guard.
local marker = require "mods.marker"
os = nil
os.execute("touch " .. marker)
return {}
