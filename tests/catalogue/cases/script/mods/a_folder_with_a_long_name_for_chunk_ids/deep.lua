-- A module deep enough that its path exceeds 60 characters.
error("deep failure")
