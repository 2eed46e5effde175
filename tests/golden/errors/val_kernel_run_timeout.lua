-- A run time limit that cannot be right.
local k = kernel { name = "k", command = "true", run_timeout = -5 }
