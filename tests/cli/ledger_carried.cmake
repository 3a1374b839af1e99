# Carried points checked (issue 26 item 2): help, usage, and the steps
# against one database (tests/cli/ledger_carried/steps.sh), on SQLite and,
# when a cluster runs (BMP_TEST_PG), on PostgreSQL.
bmp_cli_test(NAME ledger_accept_carried_help ARGS ledger accept-carried --help
             EXPECT "usage: bridgemp ledger accept-carried ID --reason R")
bmp_cli_test(NAME ledger_accept_carried_usage ARGS ledger accept-carried 1 EXIT 2
             EXPECT "usage: bridgemp ledger accept-carried ID --reason R")
bmp_cli_test(NAME ledger_accept_carried_bad_option ARGS ledger accept-carried 1 --reason r --body abf
             EXIT 2 EXPECT "--body")
add_test(NAME cli_ledger_carried_steps
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger_carried/steps.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-carried-steps
         PASS_REGULAR_EXPRESSION "ledger carried steps: all passed"
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME cli_ledger_carried_steps_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger_carried/pg-twin.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-carried-steps-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_carried_steps_pg PROPERTIES SKIP_RETURN_CODE 77
                    )
