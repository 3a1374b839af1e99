# Core CLI behaviour: help, usage errors, exit codes.
bmp_cli_test(NAME help ARGS --help EXPECT "usage: bridgemp" "award FILE" "scale BODY")
bmp_cli_test(NAME no_args EXIT 2 EXPECT "usage: bridgemp")
bmp_cli_test(NAME unknown_command ARGS frobnicate EXIT 2 EXPECT "unknown command \"frobnicate\"")
bmp_cli_test(NAME award_help ARGS award --help EXPECT "--explain" "--format table\\|json\\|csv")
bmp_cli_test(NAME scale_help ARGS scale --help EXPECT "--edition")
bmp_cli_test(NAME award_missing_file ARGS award tests/data/no-such-file.json EXIT 1
             EXPECT "no-such-file.json: cannot open")
bmp_cli_test(NAME award_bad_format ARGS award x.json --format xml EXIT 2
             EXPECT "expected table, json or csv")
bmp_cli_test(NAME scale_unknown_body ARGS scale wbf appendix-a EXIT 1 EXPECT "unknown body \"wbf\"")
bmp_cli_test(NAME bodies ARGS bodies EXPECT "acbl" "ebu" "abf" "nzb")
bmp_cli_test(NAME version ARGS --version EXPECT "bridgemp [0-9]")
