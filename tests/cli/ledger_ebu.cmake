# The EBU's ledger runs (the EBU's run table, src/ledger/ebu/ops.c): help, usage and the steps of a
# month's UMS run, its invoice, a licence fee run and Gold at a date.
foreach(sub gold ums licences)
  bmp_cli_test(NAME ledger_${sub}_help ARGS ledger ${sub} --help
               EXPECT "usage: bridgemp ledger ${sub}")
endforeach()
bmp_cli_test(NAME ledger_ums_usage ARGS ledger ums 2025-03 --body ebu EXIT 2
             EXPECT "usage: bridgemp ledger ums")
add_test(NAME cli_ledger_ebu_steps
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger_ebu/steps.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-ebu-steps
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_ebu_steps PROPERTIES PASS_REGULAR_EXPRESSION "ebu ledger steps passed")
