-- The script loads a dumped chunk through a reader function: binary chunks are refused.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*binary
local function must(f, err) if not f then error(err, 2) end return f end  -- load gives nil and a message
local chunk, given = string.dump(function() return 1 end), false
local f = must(load(function() if given then return nil end given = true return chunk end))  -- <-
print(f())
