# Core CLI behaviour: help, usage errors, exit codes.
bmp_cli_test(NAME help ARGS --help EXPECT "usage: bridgemp" "award FILE" "scale BODY")
bmp_cli_test(NAME no_args EXIT 2 EXPECT "usage: bridgemp")
bmp_cli_test(NAME unknown_command ARGS frobnicate EXIT 2 EXPECT "unknown command \"frobnicate\"")
bmp_cli_test(NAME award_help ARGS award --help EXPECT "--explain" "--format table\\|json\\|csv\\|usebio\\|abf-credit")
bmp_cli_test(NAME scale_help ARGS scale --help EXPECT "--edition")
bmp_cli_test(NAME award_missing_file ARGS award tests/data/no-such-file.json EXIT 1
             EXPECT "no-such-file.json: cannot open")
bmp_cli_test(NAME award_bad_format ARGS award x.json --format xml EXIT 2
             EXPECT "expected table, json, csv, usebio or abf-credit, got \"xml\"")
bmp_cli_test(NAME scale_unknown_body ARGS scale wbf appendix-a EXIT 1 EXPECT "unknown body \"wbf\"")
bmp_cli_test(NAME bodies ARGS bodies EXPECT "acbl" "ebu" "abf" "nzb")
bmp_cli_test(NAME version ARGS --version EXPECT "bridgemp [0-9]")
bmp_cli_test(NAME validate_ok ARGS validate examples/ebu/club-pairs.json
             EXPECT "valid ebu event \"Monday Evening Pairs\": pairs, 1 session\\(s\\), 7 tables, 6 contestants")
bmp_cli_test(NAME validate_bad_place ARGS validate tests/data/bad/wrong-place.json EXIT 1
             EXPECT "wrong-place.json: \\$.contestants\\[1\\].place: expected a place such as 3, \"3=\" or \"3/4\" \\(1 or more\\), got \"second\"")
bmp_cli_test(NAME award_bad_place ARGS award tests/data/bad/wrong-place.json EXIT 1
             EXPECT "\\$.contestants\\[1\\].place")
bmp_cli_test(NAME award_not_supported ARGS award tests/data/ebu/green-pairs.json EXIT 3
             EXPECT "not supported: EBU Green Point events other than the county teams knock-out, its heats and inter-county leagues \\(EBU-137, §6.6\\)")
