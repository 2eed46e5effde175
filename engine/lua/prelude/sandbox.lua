-- The environment of a library loaded with require (machines, kernels, programs: the files users
-- share and run without reading). Embedded as @scalerun/sandbox.lua and loaded after the prelude
-- (chunks load in file-name order), so the vocabulary it copies is complete. The module searcher
-- in call.cpp asks for one environment per module chunk and makes it the chunk's _ENV. The
-- threat model is docs/SECURITY.md; in short, a library describes and the script acts.
--
-- Built the way trusted embedders build one (Redis, for one): the environment's lookups never
-- fall through to the real globals. A library environment is a private table for the library's
-- own globals whose metatable (hidden) points at a table of views made for that library alone:
--   io, debug, loadfile, dofile     every use is an error (files, programs, the real registry)
--   os                              time, clock, date, difftime and the os.exit guard only
--   string, table, math, utf8,      read-only views of the real tables: a library cannot change
--   coroutine, arg                  what the script and the other libraries call
--   _G                              the library's own environment
--   load                            text only, in this environment unless an env table is given
--   require                         Lua modules on package.path (sandboxed in turn); the standard
--                                   names give these views; a C module is an error
--   package                         path, cpath and config to read, loaded as a read-only view
--   collectgarbage                  "count" only (stopping the collector would starve the run)
--   experiment, map, fit,           errors: libraries describe, scripts act (the natives also
--   discover, check                 refuse any call made with a library function on the stack)
--   getmetatable                    false for scalerun's own types, strings and these views
-- Since the views are the metatable's __index and not fields of the environment, assigning,
-- nilling or rawset-ing a name in the environment never uncovers anything: a missing name is
-- looked up in the views, and a name not there is the undefined-global error.
local native = ...

local error, next, rawget, select, setmetatable, tostring, type = error, next, rawget, select, setmetatable, tostring, type
local real_getmetatable, real_collectgarbage = getmetatable, collectgarbage
local real_G, real_os, real_package = _G, os, package
local real_load, real_require = load, require  -- require is guards.lua's, with the cycle check
local searchpath = package.searchpath

-- Strings share one metatable whose __index is the real string table: hidden, so no library can
-- reach the table through it (and no one can give strings metamethods that natives would meet).
real_getmetatable("").__metatable = false

local function unavailable(what)
  return what .. " is not available to libraries loaded with require (machines, kernels, programs): "
         .. "do file and process work in the experiment script"
end

-- `scalerun SCRIPT --help` runs the script only to list its param()s: in this environment too, so
-- a user inspecting a script they were sent starts nothing and touches no file.
local function unavailable_while_listing(what)
  return what .. " is not available while --help lists the script's parameters"
end

-- The check pass before a run reads every experiment of the script without measuring: what it
-- cannot do without acting ends it there, and the run does it.
-- Noted like a stand-in's use: a pcall that catches it may take a way the run does not.
local function unavailable_while_checking(what)
  native.note_check_divergence()
  return what .. " is not available in the check pass before the run"
end

-- In the check pass map{}, fit{}, discover{} and check{} do nothing; what they return is known
-- only in the run, and any use of it ends the check pass (as an experiment's results do).
-- The stand-in is experiment{}'s (native.check_stand_in): its use is noted, so that no later
-- experiment is judged after a pcall that caught it.
local function skipped_in_check(what)
  return function() return native.check_stand_in(what) end
end

local function acting(what)
  return function()
    error(what .. " cannot run from a library loaded with require: libraries describe, scripts act "
          .. "(call it in the experiment script)", 2)
  end
end

-- Names a library never sees as they are: each is given below, or refused.
local replaced = {
  io = true, os = true, debug = true, package = true, _G = true, load = true, loadfile = true,
  dofile = true, require = true, collectgarbage = true, getmetatable = true,
  experiment = true, map = true, fit = true, discover = true, check = true,
}

-- What the real globals hold now, the prelude's vocabulary included (a script's own globals come
-- later and are not a library's business).
local vocabulary = {}
for name, value in next, real_G do
  if type(name) == "string" and not replaced[name] then vocabulary[name] = value end
end

-- A read-only view of a table: reads reach the real one (the fields in `allowed` only, when
-- given), writes are errors, pairs walks what reads would give.
local function view(name, real, allowed, unavailable)
  return setmetatable({}, {
    __index = function(_, key)
      if allowed == nil or allowed[key] then return real[key] end
      error(unavailable(name .. "." .. tostring(key)), 2)
    end,
    __newindex = function(_, key)
      if allowed ~= nil then error(unavailable(name .. "." .. tostring(key)), 2) end
      error(name .. "." .. tostring(key) .. " cannot be changed by a library loaded with require: "
            .. name .. " is shared with the script and every other library", 2)
    end,
    __pairs = function()
      return function(_, key)
        repeat
          key = next(real, key)
        until key == nil or allowed == nil or allowed[key]
        if key ~= nil then return key, real[key] end
      end, nil, nil
    end,
    __len = function() return #real end,
    __metatable = false,
  })
end

local os_fields = { time = true, clock = true, date = true, difftime = true, exit = true }
local check_os_fields = { time = true, clock = true, date = true, difftime = true }
local package_fields = { path = true, cpath = true, config = true }

-- package.searchers[3] and [4] load native code: a C module is refused (the script may load one
-- only with --allow-c-modules). Lua files on package.path come first, as in require.
local function is_c_module(name)
  if real_package.loaded[name] ~= nil or real_package.preload[name] ~= nil then return false end
  local path, cpath = real_package.path, real_package.cpath
  if type(path) == "string" and searchpath(name, path) ~= nil then return false end
  if type(cpath) ~= "string" then return false end
  return searchpath(name, cpath) ~= nil or searchpath((name:match("^[^.]*")), cpath) ~= nil
end

-- Chunks a library loads are named so the natives can tell them from the script's.
local library_chunk = "=library chunk "

-- purpose: "listing" for a script run by --help (its experiments are skipped, not refused),
-- "checking" for the check pass (its experiments are read and checked by the session, which
-- measures nothing), false for a library.
local function environment(purpose)
  local listing, checking = purpose == "listing", purpose == "checking"
  local unavailable = listing and unavailable_while_listing or checking and unavailable_while_checking or unavailable
  local env, views = {}, {}
  local function refuse(name)
    return setmetatable({}, {
      __index = function(_, key) error(unavailable(name .. "." .. tostring(key)), 2) end,
      __newindex = function(_, key) error(unavailable(name .. "." .. tostring(key)), 2) end,
      __call = function() error(unavailable(name), 2) end,
      __metatable = false,
    })
  end

  for name, value in next, vocabulary do
    views[name] = type(value) == "table" and view(name, value, nil, unavailable) or value
  end
  views.io, views.debug = refuse("io"), refuse("debug")
  -- os.exit in the check pass would end scalerun before the run.
  views.os = view("os", real_os, checking and check_os_fields or os_fields, unavailable)
  views._G = env
  if checking then
    views.experiment = real_G.experiment
    views.map, views.fit = skipped_in_check("map{}"), skipped_in_check("fit{}")
    views.discover, views.check = skipped_in_check("discover{}"), skipped_in_check("check{}")
    views.print = function() end
    -- A finalizer would run when the check pass's state closes, outside any check: none is set.
    local real_setmetatable = setmetatable
    views.setmetatable = function(t, mt)
      if type(mt) == "table" and rawget(mt, "__gc") ~= nil then error(unavailable("a __gc finalizer"), 2) end
      return real_setmetatable(t, mt)
    end
  elseif listing then
    local function skipped() return {} end
    views.experiment, views.map, views.fit, views.discover, views.check = skipped, skipped, skipped, skipped, skipped
  else
    views.experiment, views.map, views.fit = acting("experiment{}"), acting("map{}"), acting("fit{}")
    views.discover, views.check = acting("discover{}"), acting("check{}")
  end

  local standard = {
    io = views.io, os = views.os, debug = views.debug, _G = env, string = views.string,
    table = views.table, math = views.math, utf8 = views.utf8, coroutine = views.coroutine,
  }
  local loaded = setmetatable({}, {
    __index = function(_, name)
      if standard[name] ~= nil then return standard[name] end
      if name == "package" then return views.package end
      return real_package.loaded[name]
    end,
    __newindex = function(_, name)
      error("package.loaded." .. tostring(name) .. " cannot be set by a library loaded with require: "
            .. "return the module's table instead", 2)
    end,
    __metatable = false,
  })
  local package_view = view("package", setmetatable({}, {
    __index = function(_, key) if key == "loaded" then return loaded end return real_package[key] end,
  }), { path = true, cpath = true, config = true, loaded = true }, unavailable)
  views.package = package_view
  standard.package = package_view

  function views.require(name)
    if type(name) == "string" then
      -- A module name, not a path: "/etc/x" or ".etc.x" would make package.path's "?.lua" any
      -- file of the host, read as Lua and handed back.
      if not name:match("^[%w_%-]+$") and not name:match("^[%w_%-]+[%w_%-%.]*[%w_%-]$") or name:find("..", 1, true) then
        error("require '" .. name .. "': a library requires modules by name (such as kernels.rlsp), not by path", 2)
      end
      if standard[name] ~= nil then return standard[name] end
      if is_c_module(name) then error(unavailable("require '" .. name .. "' (a C module)"), 2) end
    end
    return real_require(name)  -- a tail call: the cycle guard's level 2 is still the library's line
  end
  -- Text only: a binary chunk is bytecode Lua does not verify, a way around any environment.
  -- Without an env argument the chunk gets this library's environment, never the real globals.
  function views.load(chunk, chunkname, _, ...)
    local name = library_chunk .. (type(chunkname) == "string" and chunkname or "?")
    if select("#", ...) == 0 then return real_load(chunk, name, "t", env) end
    return real_load(chunk, name, "t", ...)
  end
  -- Refused when called; `return loadfile(x)`, a tail call, reports the line that called the
  -- library's function.
  function views.loadfile() error(unavailable("loadfile"), 2) end
  function views.dofile() error(unavailable("dofile"), 2) end
  function views.collectgarbage(what)
    if what == "count" then return real_collectgarbage("count") end
    error(unavailable("collectgarbage(" .. tostring(what) .. ")") .. " (only collectgarbage(\"count\") is)", 2)
  end
  -- scalerun's own types (machines, kernels, symbols, simulator contexts: metatables with a
  -- __name) keep their behaviour: a library may not rewrite them for the script.
  function views.getmetatable(value)
    local mt = real_getmetatable(value)
    if type(mt) == "table" and rawget(mt, "__name") ~= nil then return false end
    return mt
  end

  -- A name in neither the library's globals nor the views is a typo, as in the script.
  setmetatable(views, {
    __index = function(_, name) native.raise(native.undefined_global(name, views)) end,  -- not the script's names
    __metatable = false,
  })
  return setmetatable(env, { __index = views, __metatable = false })
end

native.set_library_environment(environment, library_chunk)
