# Issue 26 items 3-5 through the CLI: the file's club, unknown clubs, the
# charge runs' skipped batches, scale options, player numbers.
add_test(NAME cli_ledger_club_steps
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger_club/steps.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-club-steps
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_club_steps PROPERTIES PASS_REGULAR_EXPRESSION "ledger club steps passed")
# ... and on PostgreSQL (two databases of the test cluster; skipped without one)
add_test(NAME cli_ledger_club_steps_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh club $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-club-steps-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_club_steps_pg PROPERTIES PASS_REGULAR_EXPRESSION
                     "ledger club steps passed" SKIP_RETURN_CODE 77)
