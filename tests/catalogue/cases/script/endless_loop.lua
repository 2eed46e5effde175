-- An endless loop in the script stops at --script-timeout with the one line.
-- expect-exit: 2
-- expect: ^tests/catalogue/cases/script/endless_loop\.lua:6: .*timed out
-- args: --script-timeout 1
local i = 0
while true do i = i + 1 end  -- <-
