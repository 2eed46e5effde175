-- The marker path for attacks that run while a library loads: each case script puts it in
-- package.loaded["mods.marker"] before requiring the attacker, so this file normally never runs;
-- if it does, it asks the environment as an attacker would (refused once os.getenv is).
return os.getenv("MARKER")
