-- A script that catches the time-out with pcall and loops on: the hook raises again outside it.
while true do
  pcall(function() while true do end end)
end
