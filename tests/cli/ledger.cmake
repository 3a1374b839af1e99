# `bridgemp ledger`: help for every subcommand, usage errors, and the steps
# of a ledger's life run against one database (tests/cli/ledger/steps.sh),
# where each refused step must leave the database dump unchanged.
bmp_cli_test(NAME ledger_help ARGS ledger --help EXPECT "usage: bridgemp ledger" "BRIDGEMP_DB")
foreach(sub init player club import batches approve reject correct release expire close report verify)
  bmp_cli_test(NAME ledger_${sub}_help ARGS ledger ${sub} --help EXPECT "usage: bridgemp ledger")
endforeach()
bmp_cli_test(NAME ledger_main_help ARGS --help EXPECT "ledger CMD")
bmp_cli_test(NAME ledger_unknown ARGS ledger frob EXIT 2 EXPECT "unknown command \"frob\"")
bmp_cli_test(NAME ledger_bad_option ARGS ledger batches --colour red EXIT 2
             EXPECT "--colour is not an option of batches. its options: --db, --who, --state")
bmp_cli_test(NAME ledger_close_usage ARGS ledger close EXIT 2 EXPECT "usage: bridgemp ledger close")
add_test(NAME cli_ledger_steps
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/steps.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-steps
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# The README's first command: the ledger demo over examples/ledger.
add_test(NAME cli_ledger_demo
         COMMAND sh examples/ledger/demo.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-demo.db
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_demo PROPERTIES
                     PASS_REGULAR_EXPRESSION "ledger verified: audit chain, control totals and holdings agree")
# The store and crash tests read the database with SQLite directly (to
# tamper with it and to count rows): they link sqlite3 themselves.
foreach(t test_ledger_store test_ledger_crash)
  target_link_libraries(${t} PRIVATE PkgConfig::SQLITE3)
endforeach()
# Invoices of charge runs (issue 13, bmp_ledger_invoice_*): help and usage.
bmp_cli_test(NAME ledger_invoice_help ARGS ledger invoice --help
             EXPECT "usage: bridgemp ledger invoice RUN")
bmp_cli_test(NAME ledger_invoice_bad_as ARGS ledger invoice 1 --body abf --as pdf EXIT 2
             EXPECT "--as: expected html, csv or json")
bmp_cli_test(NAME ledger_fees_help ARGS ledger fees --help
             EXPECT "usage: bridgemp ledger fees MONTH --body nzb --fees TABLE.csv")
bmp_cli_test(NAME ledger_fees_usage ARGS ledger fees 2025-07 --body nzb EXIT 2
             EXPECT "usage: bridgemp ledger fees")
