-- error(msg, 2) blames the caller's line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/error_level2\.lua:5: deep
local function check(x) if not x then error("deep", 2) end end
check(false)  -- <-
