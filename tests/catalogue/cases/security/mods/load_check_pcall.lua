-- pcall(check, { baseline = FILE }): the error text would quote the file.
local dir = (require "mods.marker"):match("^(.*)/")
local ok, err = pcall(check, { name = "stolen", of = "x", baseline = dir .. "/secret.txt" })
if ok or tostring(err):find("hunter2") or tostring(err):find("password") then return { stolen = err } end
error(err, 0)
