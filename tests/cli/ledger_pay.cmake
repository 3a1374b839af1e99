# Payments, ABF fines and congress gates, NZ certificates (issue 13,
# include/bridgemp/ledger_payments.h, ledger_certificates.h): help, usage,
# and the steps against one database (tests/cli/ledger_pay/steps.sh).
bmp_cli_test(NAME ledger_pay_payment_help ARGS ledger payment --help
             EXPECT "usage: bridgemp ledger payment record")
bmp_cli_test(NAME ledger_pay_balances_help ARGS ledger balances --help
             EXPECT "usage: bridgemp ledger balances DATE --body B")
# the bodies' runs: their help generated from the body's table (issue 32 item 2)
foreach(sub overdue event-levy certificates)
  bmp_cli_test(NAME ledger_pay_${sub}_help ARGS ledger ${sub} --help
               EXPECT "usage: bridgemp ledger ${sub} [A-Z]+ --body abf")
endforeach()
bmp_cli_test(NAME ledger_pay_usage ARGS ledger payment refund --body abf EXIT 2
             EXPECT "unknown command \"refund\". its commands: record, list"
                    "usage: bridgemp ledger payment record")
bmp_cli_test(NAME ledger_pay_bad_as ARGS ledger overdue 2027-01-01 --body abf --as pdf EXIT 2
             EXPECT "--as: expected html, csv or json")
add_test(NAME cli_ledger_pay_steps
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger_pay/steps.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-pay-steps
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
