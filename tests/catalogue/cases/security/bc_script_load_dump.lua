-- The script loads a string.dump of its own function: binary chunks are refused, scripts included.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*binary
local chunk = string.dump(function() return 1 end)
local f = assert(load(chunk))  -- <-
print(f())
