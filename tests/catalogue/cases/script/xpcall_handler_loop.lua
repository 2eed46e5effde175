-- An endless loop inside an xpcall message handler (Lua hooks do not run there): still stopped.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/xpcall_handler_loop\.lua:[0-9]+: .*timed out
-- args: --script-timeout 1
print(xpcall(function() error("x") end, function(e) while true do end end))
