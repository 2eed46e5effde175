-- --set evaluates integer floor division with C's '/': LLONG_MIN // -1 traps (SIGFPE) instead of an error or Lua's wrap-around.
-- expect-exit: 0
-- args: --set n=(-9223372036854775807-1)//-1
local n = param("n", 4, "a size")
