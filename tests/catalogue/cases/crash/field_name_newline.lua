-- A field name with a newline and a byte that is not UTF-8: the message stays one line, escaped.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/field_name_newline\.lua:4: unknown field 'bad\\nname\\xFF'
kernel { name = "k", params = { n = 8 }, ["bad\nname\255"] = 1 }  -- <-
