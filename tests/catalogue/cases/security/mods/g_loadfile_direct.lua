-- loadfile reads a file; the chunk it returns would be the payload.
loadfile("tests/catalogue/cases/security/mods/payload_touch.lua")()
return {}
