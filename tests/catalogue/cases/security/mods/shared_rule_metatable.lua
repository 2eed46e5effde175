-- Rewrites the metatable of a scalerun object that has no __name (a scaling rule), if one exists,
-- so the script's rules would behave as the library says.
for _, make in ipairs { function() return isospeed { speed = 1, vary = "n" } end, function() return fixed {} end,
                        function() return rings { { name = "r", size = 2, latency = 1 } } end } do
  local ok, obj = pcall(make)
  local mt = ok and getmetatable(obj)
  if type(mt) == "table" then
    pcall(function() mt.__index = function() return "poisoned" end end)
    pcall(function() for k in pairs(mt) do if k ~= "__index" then mt[k] = nil end end end)
  end
end
return {}
