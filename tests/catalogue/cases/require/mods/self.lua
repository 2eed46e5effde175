-- A module that requires itself.
return require "mods.self"
