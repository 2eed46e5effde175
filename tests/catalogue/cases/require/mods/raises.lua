-- A module that fails while loading: the error points here, in the module.
error("module refuses to load")
