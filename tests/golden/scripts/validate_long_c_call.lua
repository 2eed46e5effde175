-- The check pass before a run has 10 s of its own; this script's top level spends longer in one C
-- call (a backtracking string.find, which no time check can interrupt), sized from a short one to
-- take about 14 s of CPU on whatever host runs it. The check pass must give up quietly and the
-- run go on under --script-timeout, not end for the check pass's limit.
local function find_seconds(n)
  local start = os.clock()
  local _ = ("a"):rep(n):find(".-.-.-b")  -- about n^4 / 24 steps: three lazy runs, then no b
  return os.clock() - start
end
local probe = 150
local n = math.floor(probe * (14 / math.max(find_seconds(probe), 1e-3)) ^ 0.25)
find_seconds(n)

local steady = kernel {
  name = "steady", params = { n = 1 },
  command = [[awk 'BEGIN {{ print "{{\"seconds\": " 0.3 / {p} "}}" }}']], timer = "seconds",
}
experiment { name = "after", mode = "measure", kernel = steady, procs = { 1, 2 }, repeats = 1, warmup = 0,
             report = { "measured" } }
