-- Unbounded recursion: a stack overflow, one line, not a crash.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/stack_overflow\.lua:[0-9]+: .*stack overflow
local function f(n) return 1 + f(n + 1) end
f(1)  -- <-
