-- error(msg, 0) carries no position of its own; the message still gets the user's line.
local function check(n) if n < 0 then error("n must not be negative", 0) end end
check(-1)
