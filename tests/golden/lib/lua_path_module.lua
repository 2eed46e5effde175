return { origin = "from LUA_PATH" }
