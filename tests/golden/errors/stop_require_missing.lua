local m = require "machines.no_such_machine"
