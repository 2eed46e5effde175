-- The experiment script itself keeps io and os: it writes, reads, removes a file and runs a program.
-- expect-exit: 0
local dir = os.getenv("MARKER"):match("^(.*)/")
local path = dir .. "/script_owned.txt"
local out = assert(io.open(path, "w"))
out:write("written by the script\n")
out:close()
local back = assert(io.open(path, "r"))
assert(back:read("l") == "written by the script")
back:close()
assert(os.remove(path))
assert(os.execute("true"))
print("script io ok")
