-- A string of 32 TiB: refused at once with one line, no raw std::bad_alloc.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/string_too_large\.lua:4: .*too large
local s = string.rep("x", 2^45)  -- <-
