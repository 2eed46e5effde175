-- A library's simulated program keeps its ctx and ctx.compute; its __gc calls them after the simulation ended: the method's pointer to the finished run dangles (SIGSEGV).
-- expect-exit: 0
local k = require "mods.later_sim_ctx_stale"
local m = machine { name = "c", speed = 1e9, procs = 4,
                    network = { kind = "switched", bandwidth = 1e9, latency = 1e-6, overhead = 1e-7 } }
experiment { name = "e", mode = "simulate", kernel = k, machine = m, procs = { 1, 2 } }
