-- dofile reads and runs a file.
dofile("tests/catalogue/cases/security/mods/payload_touch.lua")
return {}
