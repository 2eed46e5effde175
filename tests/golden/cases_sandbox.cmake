# Golden tests of issue 11 (item 1): a library loaded with require (machines, kernels, programs)
# runs without io and with os only for time, clock and date, so a shared library cannot
# touch files or start programs; the script itself keeps io and os (included from CMakeLists.txt).
# Each refusal is one line at the library's line, exit 2. Libraries: tests/golden/lib/sandbox/.

set(SANDBOX_REFUSED "is not available to libraries loaded with require \\(machines, kernels, programs\\): do file and process work in the experiment script\n$")

# io.open while the library loads.
scalerun_golden(sandbox_io_open EXIT 2
  MATCH "^tests/golden/lib/sandbox/writer.lua:3: io.open ${SANDBOX_REFUSED}"
  ARGS tests/golden/errors/sandbox_io_open.lua)
# os.execute in a library function the script calls later: the function keeps the library's
# environment, and nothing is started (no "preparing" line).
scalerun_golden(sandbox_os_execute EXIT 2
  MATCH "^loaded\ntests/golden/lib/sandbox/runner.lua:6: os.execute ${SANDBOX_REFUSED}"
  ARGS tests/golden/errors/sandbox_os_execute.lua)
scalerun_golden(sandbox_os_remove EXIT 2
  MATCH "^tests/golden/lib/sandbox/remover.lua:3: os.remove ${SANDBOX_REFUSED}"
  ARGS tests/golden/errors/sandbox_os_remove.lua)
# The ways around: _G.io (the library's _G is its own environment) and load("return io") (a
# loaded chunk gets the library's environment).
scalerun_golden(sandbox_g_io EXIT 2
  MATCH "^tests/golden/lib/sandbox/via_g.lua:3: io.open ${SANDBOX_REFUSED}"
  ARGS tests/golden/errors/sandbox_g_io.lua)
scalerun_golden(sandbox_load EXIT 2
  MATCH "^tests/golden/lib/sandbox/via_load.lua:3: io.open ${SANDBOX_REFUSED}"
  ARGS tests/golden/errors/sandbox_load.lua)

# What stays: os.time, os.clock and os.date in a library, a library's global helper handed to the
# script in the table it returns (its globals stay its own), and io and os in the script itself.
scalerun_golden(sandbox_library_clock EXIT 0 MATCH "library clock ok, helper gives 42\n"
  ARGS tests/golden/scripts/sandbox_library_clock.lua)
scalerun_golden(sandbox_script_io EXIT 0 MATCH "script io ok: written by the script\n"
  ARGS tests/golden/scripts/sandbox_script_io.lua)

# Libraries describe, scripts act: a library's kernel may carry a command template, which the
# script measures; --dry-run shows the command first and starts nothing.
scalerun_golden(sandbox_dry_run_command EXIT 0
  MATCH "note: command: touch sandbox-remote-kernel-ran --n \\{n\\}\n"
  NOMATCH "point 1/"
  ARGS tests/golden/scripts/sandbox_dry_run_command.lua --dry-run)
# C modules are native code outside every guard: without --allow-c-modules no searcher finds one.
scalerun_golden(sandbox_c_module_refused EXIT 2
  MATCH "^tests/golden/errors/sandbox_c_module.lua:4: module 'scalerun_no_such_c_module' not found"
  NOMATCH "\\.so"
  ARGS tests/golden/errors/sandbox_c_module.lua)
