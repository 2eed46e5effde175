local ksr1 = require "machines.ksr1"
experimnet { name = "typo" }
