-- A program raising an error object: its __tostring is the message, at the program's line
-- (--set what=nil or what=table: error(nil), error({})).
local what = param("what", "tostring")
local bus = machine { name = "bus", speed = 1e6, network = { kind = "bus", bandwidth = 1e6, overhead = 1e-4 } }
local failing = kernel {
  name = "failing",
  program = function(ctx, k)
    if what == "nil" then error(nil) elseif what == "table" then error({}) end
    error(setmetatable({}, { __tostring = function() return "the matrix is singular" end }))
  end,
}
experiment { name = "objects", machine = bus, kernel = failing, procs = { 2 }, mode = "simulate" }
