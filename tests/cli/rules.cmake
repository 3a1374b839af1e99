# The rules interface on the command line: `bridgemp rank BODY`, its named
# functions, and `bridgemp bodies BODY`.  Options come from each body's
# point types (no per-body code in the CLI).

# ABF-86: State Master needs total 50, red+gold 25; next Bronze State Master.
bmp_cli_test(NAME rank_abf ARGS rank abf --green 25 --red 25
             EXPECT "^State Master \\(rank 8 of 21; total 50.00\\)\n"
                    "next: Bronze State Master: missing total 50.00, red\\+gold 25.00")
# ABF-87: the pre-1982 allowance (20% at Life): red+gold 240 - 35 = 205.
bmp_cli_test(NAME rank_abf_pre1982 ARGS rank abf --green 125 --red 175 --pre1982=175
             EXPECT "^Life Master \\(rank 13 of 21; total 300.00\\)"
                    "missing total 100.00, red\\+gold 30.00, gold 5.00")
# EBU-1 example (2.6.1): 7.25 GP + 2.75 BP + 4,344 LP = 5,344: Master (EBU-4).
bmp_cli_test(NAME rank_ebu ARGS rank ebu --local 4344 --blue 2.75 --green 7.25
             EXPECT "^Master \\(rank 6 of 29; total 5344.00\\)"
                    "next: Advanced Master: missing total 2156.00")
bmp_cli_test(NAME rank_ebu_local_whole ARGS rank ebu --local 12.5 EXIT 1
             EXPECT "Local Points are whole \\(3.4.1\\)")
# NZ-3, NZ-4 (E-5): Local Master with 150 A+B and 40 A: 2 stars.
bmp_cli_test(NAME rank_nzb ARGS rank nz --a 40 --b 110
             EXPECT "^Local Master \\(rank 3 of 10; total 150.00\\); 2 stars \\(NZ-4\\)"
                    "next: Provincial Master: missing A 10.00")
bmp_cli_test(NAME rank_nzb_json ARGS rank nzb --a 200 --b 500 --format json
             EXPECT "\"rank\": \"National Master\"" "\"stars\": 1" "\"rule\": \"NZ-3\""
                    "\"next\": {\n *\"rank\": \"Life Master\""
                    "\"requirement\": \"A\",\n *\"points\": \"50.00\"")
bmp_cli_test(NAME rank_nzb_top ARGS rank nzb --a 2500 --b 1500
             EXPECT "^Gold Grand Master \\(rank 10 of 10" "next: none")
# RI-4: the ACBL regulations have no rank table.
bmp_cli_test(NAME rank_acbl ARGS rank acbl --black 500 EXIT 3
             EXPECT "not supported: ACBL ranks \\(RI-4")
# Usage errors: no points, an option the body has not, a bad value, no body.
bmp_cli_test(NAME rank_no_options ARGS rank abf EXIT 2 EXPECT "give the player's points")
bmp_cli_test(NAME rank_wrong_type ARGS rank abf --blue 3 EXIT 2
             EXPECT "unknown \"blue\" \\(expected one of: green, red, gold, pre1982\\)")
bmp_cli_test(NAME rank_bad_value ARGS rank nzb --a x EXIT 2 EXPECT "expected masterpoints")
bmp_cli_test(NAME rank_no_body ARGS rank EXIT 2 EXPECT "usage: bridgemp rank BODY")
bmp_cli_test(NAME rank_unknown_body ARGS rank sbu --a 1 EXIT 2
             EXPECT "unknown body \"sbu\" \\(known: acbl ebu abf nzb\\)")
bmp_cli_test(NAME rank_bad_format ARGS rank abf --green 1 --format csv EXIT 2
             EXPECT "expected table or json")
bmp_cli_test(NAME rank_negative ARGS rank abf --green -1 EXIT 1
             EXPECT "green points must not be negative")
bmp_cli_test(NAME rank_help ARGS rank --help EXPECT "usage: bridgemp rank BODY")
bmp_cli_test(NAME rank_help_body ARGS rank ebu --help
             EXPECT "--local +Local Points" "--blue +Blue Points" "--gold +Gold Points")
bmp_cli_test(NAME rank_help_nzb ARGS rank nzb --help
             EXPECT "function grading \\(NZ-5" "--rating" "function c-to-b \\(NZ-2")
# The old name still works.
bmp_cli_test(NAME rank_alias ARGS abf-rank --green 25 --red 25
             EXPECT "^State Master \\(rank 8 of 21; total 50.00\\)")

# NZ-5 gradings, NZ-6 rating points (E-1), NZ-2 C -> B (E-12).
bmp_cli_test(NAME rank_nzb_grading ARGS rank nzb grading --a 20 --b 35 --rating 100
             EXPECT "^grading: Open\nrank: Local Master\nstars: 0")
bmp_cli_test(NAME rank_nzb_grading_junior ARGS rank nzb grading --a 4.99 --b 20 --rating 30
             EXPECT "^grading: Junior")
bmp_cli_test(NAME rank_nzb_rating ARGS rank nzb rating-points --previous 80 --earned 20 -f json
             EXPECT "\"function\": \"rating-points\"" "\"rating\": \"84.00\"")
bmp_cli_test(NAME rank_nzb_c_to_b ARGS rank nzb c-to-b --c 250
             EXPECT "^b: 2.00\nc_left: 50.00")
bmp_cli_test(NAME rank_nzb_function_option ARGS rank nzb c-to-b --a 3 EXIT 2
             EXPECT "nzb c-to-b has no option --a")
bmp_cli_test(NAME rank_function_unknown ARGS rank abf grading --a 1 EXIT 2
             EXPECT "abf has no function \"grading\"")
bmp_cli_test(NAME rank_nzb_function_no_options ARGS rank nzb grading EXIT 2
             EXPECT "give the player's points")

# bodies BODY: editions, tables, point types, player numbers, ranks, functions.
bmp_cli_test(NAME bodies_ebu ARGS bodies ebu
             EXPECT "^ebu  English Bridge Union\n" "edition 2024"
                    "local +Local Points \\(black\\): whole points, x1 in the total"
                    "blue +Blue Points \\(blue\\): hundredths, x100 in the total"
                    "gold +Gold Points \\(gold\\): hundredths, outside the total, no part in rank"
                    "USEBIO BLACK/LOCAL \\(whole points in the file\\)"
                    "player numbers: EBU number" "29 Premier Grand Master +green 1500 \\(up to 50")
# each table's declared options (bmp_scale_info.options), on its line and in detail
bmp_cli_test(NAME bodies_ebu_table_options ARGS bodies ebu
             EXPECT "table   sqrt +Actual maximum for large events \\(4\\.4\\.9\\); options --max, --t\n"
                    "\noptions of table S, QS:\n  --status +the event's status \\(3\\.2\\); club\\|district"
                    "\n  --boards +the event's boards, 12 or more \\(4\\.1 bands\\); default 24\n")
bmp_cli_test(NAME bodies_nzb ARGS bodies nz
             EXPECT " 4 Provincial Master +A\\+B 100, A 50" "functions" "rating-points")
bmp_cli_test(NAME bodies_acbl ARGS bodies acbl
             EXPECT "platinum" "ranks: not supported: ACBL ranks")
bmp_cli_test(NAME bodies_abf ARGS bodies ABF
             EXPECT "input pre1982" " 8 State Master +total 50, red\\+gold 25")
bmp_cli_test(NAME bodies_unknown ARGS bodies sbu EXIT 2 EXPECT "unknown body \"sbu\"")

# src/io and src/cli never test a body's name (issue 9); the check itself
# catches the fixture's three forms.
add_test(NAME body_names_io_cli COMMAND sh tests/check_body_names.sh src/io src/cli
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME body_names_check_catches COMMAND sh tests/check_body_names.sh tests/data/body_names
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(body_names_check_catches PROPERTIES
                     PASS_REGULAR_EXPRESSION "bad.c:4:[^\n]*\n[^\n]*bad.c:6:[^\n]*\n[^\n]*bad.c:7:")
# A usage error of rank prints the message, then the body's help (issue 10: usage errors show help).
bmp_cli_test(NAME rank_usage_prints_help ARGS rank nzb --a EXIT 2
             EXPECT "--a needs a value" "usage: bridgemp rank nzb")
