-- A library's kernel carries a command template; the script measures it, and --dry-run shows the
-- command before anything runs.
local remote = require "lib.sandbox.remote_kernel"
experiment { name = "remote", mode = "measure", kernel = remote, procs = { 1, 2 } }
