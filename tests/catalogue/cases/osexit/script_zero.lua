-- os.exit(0) in the script body is refused with file:line (or finishes and stores first).
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/osexit/script_zero\.lua:4: .*os\.exit
os.exit(0)  -- <-
