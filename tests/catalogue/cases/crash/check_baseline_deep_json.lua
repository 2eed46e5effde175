-- check{ baseline = file } with a results file nesting 200,000 arrays.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/check_baseline_deep_json\.lua:4: field 'baseline': .*deep\.json.*nested deeper than 64 levels
check { name = "c", of = "x", baseline = "data/deep.json" }  -- <-
