-- --set evaluates integer modulo with C's '%': LLONG_MIN % -1 traps (SIGFPE).
-- expect-exit: 0
-- args: --set n=(-9223372036854775807-1)%-1
local n = param("n", 4, "a size")
