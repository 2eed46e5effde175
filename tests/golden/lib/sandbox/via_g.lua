-- A shared library that reaches for io through _G: _G is the library's own environment.
local g = _G
local f = g.io.open("sandbox_via_g.log", "w")
return { f = f }
