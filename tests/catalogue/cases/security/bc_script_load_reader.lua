-- The script loads a dumped chunk through a reader function: binary chunks are refused.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*binary
local chunk, given = string.dump(function() return 1 end), false
local f = assert(load(function() if given then return nil end given = true return chunk end))  -- <-
print(f())
