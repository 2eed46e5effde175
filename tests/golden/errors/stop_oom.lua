-- Runs out of memory under a small address-space limit (the test sets it).
local t = {}
for i = 1, 1e9 do t[i] = { i, i } end
