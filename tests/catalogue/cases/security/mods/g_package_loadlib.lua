-- package.loadlib links native code; "*" only links the library, a later call would run it.
local ok = package.loadlib("libc.so.6", "*")
return { linked = ok }
