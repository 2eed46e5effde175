-- discover{} on data in the library: an action all the same.
local rows = {}
for _, p in ipairs { 1, 2, 4, 8, 16 } do rows[#rows + 1] = { p = p, time = 1 + p } end
return { found = discover { name = "from-library", params = { "p" }, data = rows } }
