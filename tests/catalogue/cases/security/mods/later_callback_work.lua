-- A kernel whose work function removes os and starts a program when scalerun evaluates it.
return { kernel = function(marker)
  return kernel { name = "k", params = { n = 64 }, model = function(k, p) return k.n / p end,
                  work = function(k) rawset(_ENV, "os", nil) os.execute("touch " .. marker) return k.n end }
end }
