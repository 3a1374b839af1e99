# Runs one CLI test: BIN with ARGS (a ;-list); checks the exit code is EXIT
# and that combined stdout+stderr matches every regex in EXPECT.
execute_process(COMMAND ${BIN} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
if(NOT rc EQUAL EXIT)
  message(FATAL_ERROR "exit code ${rc}, expected ${EXIT}\n--- output ---\n${all}")
endif()
foreach(re ${EXPECT})
  if(NOT all MATCHES "${re}")
    message(FATAL_ERROR "output does not match /${re}/\n--- output ---\n${all}")
  endif()
endforeach()
