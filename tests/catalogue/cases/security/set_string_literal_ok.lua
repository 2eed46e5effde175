-- --set of a string param is taken as text, never run: the command in it stays a string.
-- expect-exit: 0
-- args: --set cmd=os.execute("touch\32{tmp}/marker")
local cmd = param("cmd", "none", "a text the command line may set")
assert(type(cmd) == "string" and cmd:find("os.execute", 1, true), "the text was not kept as text")
print("cmd is text: " .. cmd)
