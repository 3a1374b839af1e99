# A player's number never refuses a results file in the ledger (issue 43
# item 1, ruling RI-7): held with its reason; --strict-numbers refuses.  On
# SQLite and, as the _pg twin, on PostgreSQL (tests/cli/ledger/numbers.sh).
add_test(NAME cli_ledger_numbers
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/numbers.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-numbers
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME cli_ledger_numbers_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh numbers
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/ledger-numbers-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_numbers_pg PROPERTIES SKIP_RETURN_CODE 77)
