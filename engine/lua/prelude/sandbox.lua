-- The environment of a library loaded with require (machines, kernels, programs: the files users
-- share and run without reading). Embedded as @scalerun/sandbox.lua; the module searcher in
-- call.cpp asks for one environment per module chunk and makes it the chunk's _ENV, so the
-- library and every function it defines (also those the script calls later) see:
--   io                  a table whose every field is an error (no files, no programs, no pipes)
--   os                  time, clock, date, getenv, difftime and the os.exit guard; other fields are errors
--   debug               an error on any field (getupvalue, getregistry and sethook reach the real globals)
--   _G                  the environment itself, so _G.io is the guarded io too
--   load                text chunks only, in this environment unless an env is given
--   loadfile, dofile    errors (they read files)
--   package             package.loadlib and package.searchers are errors, package.loaded hands out
--                       the guarded io, os, debug, _G and package
--   require             the same names guarded; a C module (native code) is an error
-- Every other read falls through to the real globals (the vocabulary, math, string, table, the
-- strict-global error) and every write of a new global reaches the real globals, as before: a
-- library's top-level `function helper() end` is still seen by the script. The experiment script
-- itself keeps all of io and os (but os.exit, guards.lua). Errors are raised at level 2, the
-- library line that reached for the field, and read "file:line: io.open is not available ...".
local native = ...

local real_G, real_io, real_os, real_package = _G, io, os, package
local real_load, real_require = load, require  -- require is guards.lua's, with the cycle check
local error, select, setmetatable, tostring, type = error, select, setmetatable, tostring, type
local searchpath = package.searchpath

local function unavailable(what)
  return what .. " is not available to libraries loaded with require (machines, kernels, programs): "
         .. "do file and process work in the experiment script"
end

-- A stand-in for a standard table: reading an `allowed` field gives the real one (looked up at
-- each read, as the library would), any other read and every write is an error naming name.field.
local function guarded(name, real, allowed)
  return setmetatable({}, {
    __index = function(_, key)
      if allowed[key] then return real[key] end
      error(unavailable(name .. "." .. tostring(key)), 2)
    end,
    __newindex = function(_, key)
      error(unavailable(name .. "." .. tostring(key)), 2)
    end,
    __metatable = false,
  })
end

-- Shared by all libraries: they hold no state of their own.
local io_guard = guarded("io", real_io, {})
local os_view = guarded("os", real_os,
                        { time = true, clock = true, date = true, getenv = true, difftime = true, exit = true })
local debug_guard = guarded("debug", nil, {})

-- package.searchers[3] and [4] load native code as package.loadlib does: a C module that the
-- script has not loaded already is refused. Lua files on package.path come first, as in require.
local function is_c_module(name)
  if real_package.loaded[name] ~= nil or real_package.preload[name] ~= nil then return false end
  local path, cpath = real_package.path, real_package.cpath
  if type(path) == "string" and searchpath(name, path) ~= nil then return false end
  if type(cpath) ~= "string" then return false end
  return searchpath(name, cpath) ~= nil or searchpath((name:match("^[^.]*")), cpath) ~= nil
end

local closed_package_fields = { loadlib = true, searchers = true }

local function environment()
  local env, package_view, loaded_view = {}, {}, {}

  local function standard(name)
    if name == "io" then return io_guard end
    if name == "os" then return os_view end
    if name == "debug" then return debug_guard end
    if name == "_G" then return env end
    if name == "package" then return package_view end
    return nil
  end

  setmetatable(loaded_view, {
    __index = function(_, name) return standard(name) or real_package.loaded[name] end,
    __newindex = real_package.loaded,  -- package.loaded[...] = M, the old way to export, still works
    __metatable = false,
  })
  setmetatable(package_view, {
    __index = function(_, key)
      if key == "loaded" then return loaded_view end
      if closed_package_fields[key] then error(unavailable("package." .. tostring(key)), 2) end
      return real_package[key]
    end,
    -- package.path may be extended (modules found there are sandboxed too); what decides how
    -- modules load may not be replaced.
    __newindex = function(_, key, value)
      if key == "loaded" or key == "cpath" or closed_package_fields[key] then
        error(unavailable("package." .. tostring(key)), 2)
      end
      real_package[key] = value
    end,
    __metatable = false,
  })

  env.io, env.os, env.debug, env._G, env.package = io_guard, os_view, debug_guard, env, package_view
  function env.require(name)
    if type(name) == "string" then
      local value = standard(name)
      if value ~= nil then return value end
      if is_c_module(name) then error(unavailable("require '" .. name .. "' (a C module)"), 2) end
    end
    return real_require(name)  -- a tail call: the cycle guard's level 2 is still the library's line
  end
  -- Text only: a binary chunk is bytecode Lua does not verify, a way around any environment.
  -- Without an env argument the chunk gets this library's environment, never the real globals.
  function env.load(chunk, chunkname, mode, ...)
    if select("#", ...) == 0 then return real_load(chunk, chunkname, "t", env) end
    return real_load(chunk, chunkname, "t", ...)
  end
  -- Refused when called (a read of a global cannot raise without slowing every global read);
  -- `return loadfile(x)`, a tail call, reports the line that called the library's function.
  function env.loadfile() error(unavailable("loadfile"), 2) end
  function env.dofile() error(unavailable("dofile"), 2) end

  -- __index and __newindex are the real globals themselves (tables, not functions): a library's
  -- global reads cost one more table lookup, and a new global lands where the script sees it.
  -- The metatable is hidden so getmetatable(_G) cannot hand out the real globals.
  return setmetatable(env, { __index = real_G, __newindex = real_G, __metatable = false })
end

native.set_library_environment(environment)
