-- The script's own error("...") is reported at its line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/error_string\.lua:4: boom
error("boom")  -- <-
