-- An endless __gc finalizer: Lua runs finalizers with hooks off.
local function busy() local n = 0 for i = 1, 1000 do n = n + i end return n end
busy()
setmetatable({}, { __gc = function() while true do end end })
collectgarbage()
