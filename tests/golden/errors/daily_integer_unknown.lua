-- integer = { ... } may only name the kernel's own numeric parameters.
return kernel {
  name = "chunks",
  integer = { "m" },
  params = { n = 8 },
  model = function(k, p) return k.n / p end,
}
