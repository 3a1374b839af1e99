# The lists a body publishes and invoices a treasurer accepts (issue 28
# items 4 and 5): help, usage, and the steps against one database
# (tests/cli/ledger_publish/steps.sh).
bmp_cli_test(NAME ledger_publish_report_ranking_help ARGS ledger report ranking --help
             EXPECT "usage: bridgemp ledger report ranking --body B")
bmp_cli_test(NAME ledger_publish_report_year_help ARGS ledger report year --help
             EXPECT "usage: bridgemp ledger report year YEAR --body B")
bmp_cli_test(NAME ledger_publish_settings_help ARGS ledger invoice-settings --help
             EXPECT "usage: bridgemp ledger invoice-settings --body B")
bmp_cli_test(NAME ledger_publish_year_usage ARGS ledger report year 20x6 --body abf EXIT 2
             EXPECT "usage: bridgemp ledger report year YEAR")
bmp_cli_test(NAME ledger_publish_bad_format ARGS ledger report ranking --body abf --format pdf
             EXIT 2 EXPECT "--format: expected table, csv, json or html")
add_test(NAME cli_ledger_publish_steps
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger_publish/steps.sh
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/ledger-publish-steps
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
