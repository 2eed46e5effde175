-- collectgarbage("stop"): the library stops the script's collector for the rest of the run.
collectgarbage("stop")
return {}
