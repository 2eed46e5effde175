-- Requires the experiment script itself as a module (its folder is on package.path): its source
-- must not become a library's, or the script could no longer act.
pcall(require, "shared_script_as_library")
return {}
