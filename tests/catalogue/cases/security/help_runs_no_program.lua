-- `scalerun SCRIPT --help` only lists the script's params: a cautious user inspecting a script they were sent must not have it start programs or write files.
-- expect-exit: 0
-- args: --help
local n = param("n", 4, "a size")
os.execute("touch " .. os.getenv("MARKER"))
local f = io.open(os.getenv("MARKER"), "w")
if f then f:write("written under --help\n") f:close() end
experiment { name = "e", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
             kernel = kernel { name = "c", params = { n = 1 }, command = "touch " .. os.getenv("MARKER") } }
