-- getmetatable("").__index is the real string table: a way to the shared table itself.
pcall(function()
  getmetatable("").__index.upper = function() return "poisoned" end
end)
return {}
