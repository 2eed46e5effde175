return machine {
  name = "x",
  memory = "32 MB",
}
