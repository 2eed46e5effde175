-- Without --allow-c-modules, package.loadlib is gone and require looks for Lua files only.
assert(package.loadlib == nil, "package.loadlib is there without --allow-c-modules")
assert(package.searchers[3] == nil and package.searchers[4] == nil, "C searchers are there")
local m = require "scalerun_no_such_c_module"
