-- The string metatable is shared by every string: replacing its __index redirects ("x"):upper().
pcall(function()
  getmetatable("").__index = { upper = function() return "poisoned" end }
end)
return {}
