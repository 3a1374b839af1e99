# One event, one batch (issue 26 item 1) through the CLI, on SQLite and, as
# the _pg twin, on PostgreSQL (tests/cli/ledger/one_event.sh).
add_test(NAME cli_ledger_one_event
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/one_event.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-one-event
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME cli_ledger_one_event_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh one_event
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/ledger-one-event-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_one_event_pg PROPERTIES SKIP_RETURN_CODE 77
                    )
