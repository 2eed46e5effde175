-- Guards around Lua's standard library, for what a script must not do to the run. Embedded as
-- @scalerun/guards.lua; errors are raised at level 2 so they point at the user's line.

-- os.exit would end scalerun on the spot: no tables, no record of the run in the database, and
-- an exit code outside scalerun's contract. It is a mistake at the line that called it.
function os.exit()
  error("os.exit() would end scalerun without printing its tables or recording the run: return from the "
        .. "script instead (error(...) stops it with a message, check{} makes it fail)", 2)
end

-- Lua's require recurses for ever on a cycle (a requires b requires a) until the C stack
-- overflows. Modules still loading are kept in order, so a cycle is named the moment it closes.
local plain_require = require
local chain, position = {}, {}

function require(name)
  if type(name) == "string" and position[name] ~= nil then
    local cycle = {}
    for i = position[name], #chain do cycle[#cycle + 1] = chain[i] end
    cycle[#cycle + 1] = name
    error(("require cycle: %s (each module requires the next while it is still loading; move what they share "
           .. "into a module of its own)"):format(table.concat(cycle, " -> ")), 2)
  end
  if type(name) ~= "string" or package.loaded[name] ~= nil then return plain_require(name) end
  chain[#chain + 1] = name
  position[name] = #chain
  -- Closed on success and on error alike, so a module that failed to load may be required again.
  local _ <close> = setmetatable({}, {
    __close = function()
      position[name] = nil
      chain[#chain] = nil
    end,
  })
  return plain_require(name)
end

