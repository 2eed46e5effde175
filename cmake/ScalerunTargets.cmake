# Warnings for scalerun's own targets (never applied to dependencies).
function(scalerun_warning_options target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
    -Wno-sign-conversion -Wnon-virtual-dtor -Wold-style-cast -Woverloaded-virtual)
  if(SCALERUN_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# Warnings and sanitizers. Not for what runs inside MPI jobs (pmpi/, kernels/mpi/): a preloaded
# library built with ASan would have to be loaded before the ASan runtime of a program that has
# none, and Open MPI's own allocations would drown the leak checker.
function(scalerun_target_options target)
  scalerun_warning_options(${target})
  if(SCALERUN_SANITIZE)
    # GCC 12 reports false -Wmaybe-uninitialized under the sanitizers' instrumentation (in
    # <regex>, pulled in by Catch2); the warning stays on in the normal build.
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
      -fno-sanitize-recover=undefined -Wno-maybe-uninitialized)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
  if(SCALERUN_TSAN)
    target_compile_options(${target} PRIVATE -fsanitize=thread -fno-omit-frame-pointer)
    target_link_options(${target} PRIVATE -fsanitize=thread)
  endif()
endfunction()

# Turns Lua sources into a C++ file of string constants, so the vocabulary ships inside the binary
# and its chunks carry names like @scalerun/prelude.lua in every traceback.
function(scalerun_embed_lua output)
  set(inputs ${ARGN})
  add_custom_command(OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${output} "-DINPUTS=${inputs}"
            -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/EmbedLua.cmake
    DEPENDS ${inputs} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/EmbedLua.cmake
    COMMENT "Embedding the Lua vocabulary" VERBATIM)
endfunction()
