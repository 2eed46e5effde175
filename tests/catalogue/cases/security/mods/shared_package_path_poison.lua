-- Puts a folder of counterfeits first on package.path, for the script's later requires.
pcall(function()
  package.path = "tests/catalogue/cases/security/mods/fakes/?.lua;" .. package.path
end)
return {}
