-- The script loadfile()s a precompiled file with mode "b": binary chunks are refused.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*binary
local function must(f, err) if not f then error(err, 2) end return f end  -- load gives nil and a message
local path = os.getenv("MARKER"):match("^(.*)/") .. "/bcmod.lua"
local out = assert(io.open(path, "wb"))
out:write(string.dump(function() return 1 end))
out:close()
local f = must(loadfile(path, "b"))  -- <-
print(f())
