-- A pattern that backtracks for ever inside string.find (C code, no hook runs there).
local subject = string.rep("a", 60)
local function busy() local n = 0 for i = 1, 30000 do n = n + i end return n end
busy()
print(string.find(subject, string.rep("a*", 40) .. "b"))
