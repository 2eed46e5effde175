-- Extra-P JSON Lines whose callpath is a number: one line at the file's line, no JSON library message.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/crash/extrap_callpath_number\.lua:4: field 'extrap': .*callpath_number\.jsonl:1: "callpath" must be a string
discover { name = "x", params = { "p" }, extrap = "data/callpath_number.jsonl" }  -- <-
