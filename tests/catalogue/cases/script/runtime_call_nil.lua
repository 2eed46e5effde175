-- Calling a nil field.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/runtime_call_nil\.lua:5: .*(call|nil)
local t = {}
t.go()  -- <-
