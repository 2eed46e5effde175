-- An honest library (local helpers, string, math, table, metatables, coroutines, pcall, load of text) keeps working.
-- expect-exit: 0
local k = require "mods.legit_helpers"
experiment { name = "legit", machine = require "machines.ksr1", kernel = k, procs = { 1, 2, 4 } }
