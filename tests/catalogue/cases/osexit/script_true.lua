-- os.exit(true).
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/osexit/script_true\.lua:4: .*os\.exit
os.exit(true)  -- <-
