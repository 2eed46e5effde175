-- rawset past any guard metatable of string.
pcall(rawset, string, "format", function() return "poisoned" end)
return {}
