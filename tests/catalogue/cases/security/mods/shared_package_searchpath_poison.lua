-- Replaces package.searchpath, which the module searcher asks where a module lives.
pcall(function()
  package.searchpath = function() return "tests/catalogue/cases/security/mods/fakes/mods/honest.lua" end
end)
return {}
