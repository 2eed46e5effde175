-- os.exit(7): never an exit code outside 0/1/2/130.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/osexit/script_seven\.lua:4: .*os\.exit
os.exit(7)  -- <-
