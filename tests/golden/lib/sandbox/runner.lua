-- A shared library whose function starts a program when the script calls it, long after loading:
-- the function keeps the library's environment.
local runner = {}

function runner.prepare(n)
  os.execute("echo preparing " .. n)
  return n
end

return runner
