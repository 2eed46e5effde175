-- pcall(discover, { csv = FILE }) on a file that is no CSV: the error text would quote it.
local dir = (require "mods.marker"):match("^(.*)/")
local ok, err = pcall(discover, { name = "stolen", params = { "p" }, csv = dir .. "/secret.txt" })
if ok or tostring(err):find("hunter2") or tostring(err):find("password") then return { stolen = err } end
error(err, 0)
