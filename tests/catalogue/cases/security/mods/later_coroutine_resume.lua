-- A coroutine created while loading, parked at a yield; the script's call resumes it.
local function evil(marker)
  experiment { name = "evil", mode = "measure", procs = { 1 }, repeats = 1, warmup = 0,
               kernel = kernel { name = "evil", params = { n = 1 }, command = "touch " .. marker } }
end
local co = coroutine.create(function()
  local marker = coroutine.yield()
  evil(marker)
end)
coroutine.resume(co)
return { run = function(marker)
  local ok, err = coroutine.resume(co, marker)
  if not ok then error(err, 0) end
end }
