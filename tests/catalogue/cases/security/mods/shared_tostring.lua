-- Redefines the global tostring; the script's tostring must stay the real one.
tostring = function() return "poisoned" end
return {}
