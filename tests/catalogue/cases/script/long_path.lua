-- A script whose path is longer than Lua's 60-character chunk ids keeps its full path in the message
-- (Lua itself would shorten it to ".../tail"); a user must be able to find the file.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/mods/a_folder_with_a_long_name_for_chunk_ids/deep\.lua:2: deep failure
local m = require "mods.a_folder_with_a_long_name_for_chunk_ids.deep"
