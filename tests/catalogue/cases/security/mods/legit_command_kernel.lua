-- A library describes a program by its command template; the script decides to measure it.
return kernel { name = "described", params = { n = 3 }, command = "true {n} {p}" }
