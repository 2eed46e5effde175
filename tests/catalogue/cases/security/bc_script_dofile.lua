-- The script dofile()s a precompiled file: binary chunks are refused, scripts included.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*binary
local path = os.getenv("MARKER"):match("^(.*)/") .. "/bcmod.lua"
local out = assert(io.open(path, "wb"))
out:write(string.dump(function() return 1 end))
out:close()
print(dofile(path))  -- <-
