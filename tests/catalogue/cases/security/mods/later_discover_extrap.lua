-- A function the script calls later that reads a file through discover{ extrap = ... }.
return { run = function(marker)
  local secret = marker:match("^(.*)/") .. "/secret.jsonl"
  return discover { name = "stolen", params = { "p" }, extrap = secret }
end }
