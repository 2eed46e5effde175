-- discover{} on Extra-P's input files: the text format (a metric of a region, repetitions per
-- point) and JSON Lines (two parameters).
local text = discover { name = "extrap-text", params = { "p" }, extrap = "../extrap/cg.txt", callpath = "main", metric = "time" }
print("text: " .. text.formula .. "; grows as " .. text.growth)
local lines = discover { name = "extrap-jsonl", params = { "p", "n" }, extrap = "../extrap/grid.jsonl" }
print("jsonl: " .. lines.formula .. "; grows as " .. lines.growth)
