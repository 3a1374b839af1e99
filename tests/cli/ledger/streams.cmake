# Runs BIN with ARGS (a |-list) and checks the exit code is EXIT, that
# standard output matches OUT and standard error matches ERR (regexes;
# "^$" for nothing).  tests/cli/ledger_opts.cmake.
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND ${BIN} ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "--- stdout ---\n${out}--- stderr ---\n${err}")
if(NOT rc EQUAL EXIT)
  message(FATAL_ERROR "exit code ${rc}, expected ${EXIT}\n${all}")
endif()
if(NOT out MATCHES "${OUT}")
  message(FATAL_ERROR "standard output does not match /${OUT}/\n${all}")
endif()
if(NOT err MATCHES "${ERR}")
  message(FATAL_ERROR "standard error does not match /${ERR}/\n${all}")
endif()
