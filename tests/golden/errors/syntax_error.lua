local ksr1 = require "machines.ksr1"
experiment {
  name = "broken"
  machine = ksr1,
}
