# ACBLscore game files in the ledger (issue 42): one batch per event of a
# file, its stored awards posted as carried points, on SQLite and, as the
# _pg twin, on PostgreSQL (tests/cli/ledger/acblscore.sh).
add_test(NAME cli_ledger_acblscore
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/acblscore.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-acblscore
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME cli_ledger_acblscore_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh acblscore
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/ledger-acblscore-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_acblscore_pg PROPERTIES SKIP_RETURN_CODE 77)
# ... and through the API (issue 42 item 3): the binary game file uploaded,
# event=N, the preview's club rating (tests/cli/serve/acblscore.sh)
add_test(NAME cli_serve_acblscore
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/serve/acblscore.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/serve-acblscore
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME cli_serve_acblscore_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh serve_acblscore
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/serve-acblscore-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_serve_acblscore_pg PROPERTIES SKIP_RETURN_CODE 77)
