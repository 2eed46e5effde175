-- An endless loop inside an xpcall message handler: Lua runs handlers with hooks off, so only
-- the watchdog can end it.
print(xpcall(function() error("x") end, function() while true do end end))
