-- A dot for the colon: the message is at this line, not inside scalerun's embedded prelude.
local ksr1 = require "machines.ksr1"
local levels = ksr1.levels_spanned(64)
