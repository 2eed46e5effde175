-- A command whose program is named by a path relative to this script's folder, as require names
-- modules: found whatever the working directory (the golden runs it from the build tree). The
-- program reports T = 0.3 / p seconds.
local k = kernel {
  name = "beside", params = { n = 1 },
  command = "./validate_program.sh {p}", timer = "seconds",
}
experiment { name = "paths", mode = "measure", kernel = k, procs = { 1, 2 }, repeats = 1, warmup = 0,
             report = { "measured" } }
