-- string.dump, then load with no mode: the default must not let bytecode in.
local function must(f, err) if not f then error(err, 2) end return f end  -- load gives nil and a message
local chunk = string.dump(function() return 1 end)
local f = must(load(chunk))
return { one = f() }
