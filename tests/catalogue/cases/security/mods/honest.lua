-- An honest shared kernel: a program described by a command template the script may measure.
return kernel { name = "honest", params = { n = 1 }, command = "true {n}" }
