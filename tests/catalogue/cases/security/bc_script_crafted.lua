-- The script loads a dumped function patched to read upvalue 200 of 1: unverified bytecode must never run.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/security/(mods/)?[a-z0-9_]+\.lua:[0-9]+: .*binary
local function must(f, err) if not f then error(err, 2) end return f end  -- load gives nil and a message
local up = 1
local chunk = string.dump(function() return up end, true)
-- GETUPVAL R0 U0 is the bytes 09 00 00 00; B = 200 reads past the closure's one upvalue.
local patched = chunk:gsub("\9\0\0\0", "\9\0\200\0", 1)
local f = must(load(patched, "patched", "b"))  -- <-
print(f())
