-- Replaces math.floor for everyone (a wrong value in every later table); the attempt may be refused.
pcall(function() math.floor = function() return 7 end end)
return {}
