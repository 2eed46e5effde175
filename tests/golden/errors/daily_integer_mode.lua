-- A size is rounded "nearest", "up" or "down": anything else is a mistake.
local chunks = kernel {
  name = "chunks",
  integer = { "n" },
  params = { n = 8 },
  model = function(k, p) return k.n / p end,
}
local copy = chunks { integer = { n = "ceiling" } }
