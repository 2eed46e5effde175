-- Replaces coroutine.wrap for everyone.
pcall(function() coroutine.wrap = function() return function() return "poisoned" end end end)
return {}
