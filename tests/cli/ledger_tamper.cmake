# Issue 27, the tamper suite (tests/cli/ledger/tamper.sh, cases in
# tamper_cases.sh): a ledger edited behind the program's back with sqlite3
# or psql in every way the issue lists, and one edit per other table and
# meaningful column; verify names each edit (table and key), verify --head
# catches a cut or rewritten tail.  On SQLite and on PostgreSQL (skipped
# without a cluster).
add_test(NAME cli_ledger_tamper
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/tamper.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-tamper sqlite
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_tamper PROPERTIES PASS_REGULAR_EXPRESSION " cases, 0 failed")
add_test(NAME cli_ledger_tamper_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/tamper.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-tamper-pg postgresql
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_tamper_pg PROPERTIES SKIP_RETURN_CODE 77
                     TIMEOUT 600)
# Issue 46: verify --since N:HASH checks only the entries after a head
# (the count it prints), leaves edits before it to a full verify, names
# edits after it and a schema changed.
add_test(NAME cli_ledger_verify_since
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/verify_since.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-since sqlite
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_verify_since PROPERTIES PASS_REGULAR_EXPRESSION
                     "verify --since: 0 failed")
add_test(NAME cli_ledger_verify_since_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/verify_since.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-since-pg postgresql
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_verify_since_pg PROPERTIES SKIP_RETURN_CODE 77
                     PASS_REGULAR_EXPRESSION "verify --since: 0 failed")
