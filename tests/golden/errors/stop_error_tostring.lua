local Problem = setmetatable({}, { __tostring = function() return "the input deck is empty\nsee the manual" end })
local function load_deck() error(Problem) end
load_deck()
