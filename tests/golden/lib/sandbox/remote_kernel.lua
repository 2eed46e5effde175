-- A shared kernel library that describes an external program: it may carry the command template,
-- and the script that measures it is the one that runs it (--dry-run shows it first).
return kernel {
  name = "remote",
  params = { n = 1000 },
  command = "touch sandbox-remote-kernel-ran --n {n}",
}
