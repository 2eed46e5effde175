-- The script calls package.loadlib without opting in to native code on the command line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*(not available|loadlib|native|C module|allow)
local linked = package.loadlib("libc.so.6", "*")  -- <-
print("linked: " .. tostring(linked))
