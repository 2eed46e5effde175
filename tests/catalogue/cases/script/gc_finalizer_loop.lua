-- An endless __gc finalizer: the watchdog stops it at the budget.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/gc_finalizer_loop\.lua(:[0-9]+)?: .*timed out
-- args: --script-timeout 1
setmetatable({}, { __gc = function() while true do end end })
collectgarbage()
collectgarbage()
