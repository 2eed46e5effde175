-- map{} while loading: an action (a table printed) from a library.
map { name = "from-library", kernel = require "kernels.rlsp", machine = require "machines.ksr1",
      rows = { param = "n", values = { 64 } }, cols = { param = "p", values = { 1, 2 } } }
return {}
