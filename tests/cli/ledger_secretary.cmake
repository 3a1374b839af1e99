# Issue 26 item 6, a secretary can see and undo (cmd_ledger_secretary.c):
# help, usage, and the steps of tests/cli/ledger/secretary.sh on SQLite and
# on PostgreSQL (pg-twin.sh; skipped without a cluster).
foreach(sub "batch show" reopen)
  string(REPLACE " " ";" words "${sub}")
  string(REPLACE " " "_" name "${sub}")
  bmp_cli_test(NAME ledger_${name}_help ARGS ledger ${words} --help
               EXPECT "usage: bridgemp ledger ${sub}")
endforeach()
bmp_cli_test(NAME ledger_reopen_usage ARGS ledger reopen 2025-09 --body abf EXIT 2
             EXPECT "usage: bridgemp ledger reopen PERIOD --body B --reason R")
add_test(NAME cli_ledger_secretary
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/secretary.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-secretary
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_secretary PROPERTIES PASS_REGULAR_EXPRESSION "secretary steps passed")
add_test(NAME cli_ledger_secretary_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh secretary
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/ledger-secretary-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_secretary_pg PROPERTIES SKIP_RETURN_CODE 77)
