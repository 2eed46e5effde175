local writer = require "lib.sandbox.writer"
