-- Half of a require cycle (cycle_a -> cycle_b -> cycle_a) for the catalogue's require cases.
return require "mods.cycle_b"
