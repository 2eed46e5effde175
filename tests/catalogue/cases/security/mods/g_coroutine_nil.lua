-- Inside a coroutine: the nil trick where a guard might look only at the main thread.
local marker = require "mods.marker"
coroutine.wrap(function()
  io = nil
  io.open(marker, "w"):close()
end)()
return {}
