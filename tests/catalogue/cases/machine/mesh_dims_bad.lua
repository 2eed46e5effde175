-- Mesh dims that are not a list of whole numbers.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/machine/mesh_dims_bad\.lua:4: .*dims
local m = machine { name = "a", network = { kind = "mesh", latency = 1e-6, bandwidth = 1e9, dims = { 2.5, 2 } } }  -- <-
