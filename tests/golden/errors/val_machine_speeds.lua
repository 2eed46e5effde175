-- A node speed that cannot be right, in a group's list of speeds.
local cluster = machine {
  name = "two nodes",
  groups = { { name = "g", count = 2, speeds = { 1e9, -5 } } },
}
