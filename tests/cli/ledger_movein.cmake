# Moving in (issue 28): help, usage, and the steps against one database
# (tests/cli/ledger_movein/steps.sh), on SQLite and, when a cluster runs
# (BMP_TEST_PG), on PostgreSQL.
bmp_cli_test(NAME ledger_opening_help ARGS ledger opening --help
             EXPECT "usage: bridgemp ledger opening FILE --body B --reason R")
bmp_cli_test(NAME ledger_audit_help ARGS ledger audit --help
             EXPECT "usage: bridgemp ledger audit")
bmp_cli_test(NAME ledger_player_import_dry_run_help ARGS ledger player import --help
             EXPECT "--dry-run prints every change")
bmp_cli_test(NAME ledger_merge_bad_option ARGS ledger player merge 1 --into 2 --reason r --body abf --period x
             EXIT 2 EXPECT "--period is not an option of player merge")
add_test(NAME cli_ledger_movein_steps
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger_movein/steps.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-movein-steps
         PASS_REGULAR_EXPRESSION "ledger movein steps: all passed"
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME cli_ledger_movein_steps_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger_movein/pg-twin.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-movein-steps-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_movein_steps_pg PROPERTIES SKIP_RETURN_CODE 77
                    )
