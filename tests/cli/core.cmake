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

# One command mechanism (src/cli/common/cmdline.c, issue 41 item 4): every
# command of both programs refuses an option it does not have (walk/walk.cmake).
add_test(NAME cli_walk_unknown_option
         COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:bridgemp>
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/walk/walk.cmake
         WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(cli_walk_unknown_option PROPERTIES
                     PASS_REGULAR_EXPRESSION "every command refuses --no-such-option: [0-9]+ commands")
# A table takes only the options it declares (bmp_scale_info.options): any
# other is refused by the library and is a usage error naming them (issue 41).
bmp_cli_test(NAME scale_unknown_option ARGS scale ebu A --bogus 1 EXIT 2
             EXPECT "--bogus is not an option of ebu table A; its options: --edition, --format\n"
                    "usage: bridgemp scale BODY TABLE")
bmp_cli_test(NAME scale_status_of_s ARGS scale ebu S --bogus 1 EXIT 2
             EXPECT "its options: --edition, --format, --status, --boards\n")
bmp_cli_test(NAME scale_option_read ARGS scale abf 1C --grade A --format csv
             EXPECT "^T,")
bmp_cli_test(NAME unknown_command_names ARGS frobnicate EXIT 2
             EXPECT "unknown command \"frobnicate\". commands: award, convert, validate, scale"
                    "usage: bridgemp")
bmp_cli_test(NAME credit_unknown_member ARGS credit frob EXIT 2
             EXPECT "bridgemp credit: unknown command \"frob\". its commands: check, show, merge")
bmp_cli_test(NAME credit_unknown_option ARGS credit check --colour x.grn EXIT 2
             EXPECT "--colour is not an option of credit check. its options: --check-digit, --max-input, --help")
