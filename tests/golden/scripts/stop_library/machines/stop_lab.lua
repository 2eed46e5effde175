return machine { name = "lab", peak = 1e9, procs = 8 }
