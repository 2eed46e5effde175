-- Indexing a nil local.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/runtime_index_nil\.lua:5: .*(index|nil)
local t
print(t.x)  -- <-
