-- The other half of the require cycle.
return require "mods.cycle_a"
