-- dofile = nil, then the real dofile: a file run in the real globals.
dofile = nil
dofile("tests/catalogue/cases/security/mods/payload_touch.lua")
return {}
