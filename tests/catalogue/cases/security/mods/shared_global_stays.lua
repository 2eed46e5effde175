-- A global the library defines stays in the library's own environment.
security_leaked_global = "from the library"
function security_leaked_function() return 1 end
return {}
