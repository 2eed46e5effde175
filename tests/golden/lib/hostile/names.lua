-- A shared library whose names are made to act as code or break files where they land (issue 25):
-- a library loaded with require cannot touch files or start programs itself, but it names its
-- machine, its kernel and the kernel's model terms, and those names reach every output.
local names = {}

-- A name: `tag`, then gnuplot's `command` substitution and system() (after a line break, and after
-- a quote of either kind), shell $(...), </script> and an HTML comment, CSV and Markdown
-- separators, printf's %, gnuplot's @macro, a carriage return, a tab, a terminal escape, invalid
-- UTF-8 (bytes FF FE, an overlong '/') and a trailing backslash (a gnuplot line continuation).
-- Every command touches `marker`.
function names.hostile(tag, marker)
  local touch = "touch " .. marker
  return tag .. " `" .. touch .. "` $(" .. touch .. ")\n" ..
      'system("' .. touch .. '")\n' ..
      "' . system('" .. touch .. "') . '" ..
      '" . system("' .. touch .. '") . "' ..
      "</script><script>alert(1)</script><!-- | a,b;c 50% %s @x \r\t\27[31m \255\254\192\175 end \\"
end

function names.machine(marker)
  return machine {
    name = names.hostile("machine", marker), speed = 1e8, procs = 8,
    network = { kind = "bus", bandwidth = 1e8, latency = 1e-6, overhead = 1e-6 },
  }
end

-- A kernel with a model term, a program for simulate mode, and the term's name.
function names.kernel(marker)
  local term = names.hostile("term", marker)
  return kernel {
    name = names.hostile("kernel", marker), size = "n",
    params = { n = 1e6, t = 1e-8 },
    work = function(k) return k.n end,
    model = function(k, p) return { compute = k.n * k.t / p, [term] = 1e-4 * log2(p) } end,
    program = function(ctx, k)
      ctx:compute(k.n / ctx.size)
      ctx:allreduce(8, 1)
    end,
  }, term
end

return names
