-- string.dump, then load with no mode: the default must not let bytecode in.
local chunk = string.dump(function() return 1 end)
local f = assert(load(chunk))
return { one = f() }
