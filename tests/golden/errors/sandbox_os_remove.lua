local remover = require "lib.sandbox.remover"
