-- pcall(discover, { extrap = FILE }) on a text file: Extra-P's text format quotes what it cannot read.
local dir = (require "mods.marker"):match("^(.*)/")
local ok, err = pcall(discover, { name = "stolen", params = { "p" }, extrap = dir .. "/secret.txt" })
if ok or tostring(err):find("hunter2") or tostring(err):find("password") then return { stolen = err } end
error(err, 0)
