-- Replaces table.concat for everyone; the attempt may be refused.
pcall(function() table.concat = function() return "poisoned" end end)
return {}
