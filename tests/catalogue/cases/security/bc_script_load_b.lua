-- The script loads a dumped chunk with mode "b": binary chunks are refused, scripts included.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*binary
local function must(f, err) if not f then error(err, 2) end return f end  -- load gives nil and a message
local chunk = string.dump(function() return 1 end)
local f = must(load(chunk, "dumped", "b"))  -- <-
print(f())
