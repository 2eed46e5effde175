return kernel { name = "k\27]0;pwned\7\27[2J", params = { n = 100 }, model = function(k, p) return { total = k.n / p } end }
