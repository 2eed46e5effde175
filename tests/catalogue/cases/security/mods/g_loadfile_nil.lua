-- loadfile = nil, then the real loadfile: a file compiled in the real globals.
loadfile = nil
loadfile("tests/catalogue/cases/security/mods/payload_touch.lua")()
return {}
