-- efficiency{} with a string target.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/rule/efficiency_target_string\.lua:4: .*E
local r = efficiency { E = "high" }  -- <-
