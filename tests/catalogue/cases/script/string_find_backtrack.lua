-- A C library call that backtracks for ever (no Lua hook runs inside string.find): the watchdog stops it.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/string_find_backtrack\.lua(:[0-9]+)?: .*timed out
-- args: --script-timeout 1
print(string.find(string.rep("a", 2000), string.rep(".-", 12) .. "b"))
