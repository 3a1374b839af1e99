# ABF administration: credit files (App. D) and master ranks (1.8).
# ABF-117: check a valid single-colour file: the App. D example, total 1.94.
bmp_cli_test(NAME credit_check_ok ARGS credit check tests/data/abf_admin/appd.red
             EXPECT "appd.red: 3 credits, red 1.94")
# ABF-118: the App. D red+green example: red 0.49, green 1.50.
bmp_cli_test(NAME credit_check_rag ARGS credit check tests/data/abf_admin/appd.rag
             EXPECT "appd.rag: 3 credits, red 0.49, green 1.50")
# ABF-117: every malformed line, FILE:LINE: message, exit 1.
bmp_cli_test(NAME credit_check_bad ARGS credit check tests/data/abf_admin/appd.red tests/data/abf_admin/bad.grn
             EXIT 1
             EXPECT "appd.red: 3 credits"
                    "bad.grn:2: 12 digits: a .grn line has exactly 13"
                    "bad.grn:3: blank line"
                    "bad.grn:4: '\\+' at column 8"
                    "bad.grn:5: ABF number \"0000000\" is zero")
# ABF-119: bad extension; legacy .mp? other than .mp5.
bmp_cli_test(NAME credit_check_xls ARGS credit check tests/data/abf_admin/results.xls EXIT 1
             EXPECT "extension .xls is not a credit file")
bmp_cli_test(NAME credit_check_mp3 ARGS credit check tests/data/abf_admin/legacy.mp3 EXIT 3
             EXPECT "not supported: legacy credit file colour \\(ABF-119")
# ABF-93: the mod-11 check digit, on request: the USEBIO example numbers pass,
# the App. D example numbers do not carry it.
bmp_cli_test(NAME credit_check_digit_ok ARGS credit check --check-digit tests/data/abf_admin/usebio.grn
             EXPECT "usebio.grn: 3 credits, green 1.49")
bmp_cli_test(NAME credit_check_digit_bad ARGS credit check --check-digit tests/data/abf_admin/appd.red
             EXIT 1 EXPECT "appd.red:1: ABF number 0123456 fails the mod-11 check")
# ABF-120: show (details and total credits) and merge (same colour, summed).
bmp_cli_test(NAME credit_show ARGS credit show tests/data/abf_admin/appd.red
             EXPECT "0088249      1.45" "3 credits, red 1.94")
bmp_cli_test(NAME credit_merge
             ARGS credit merge ${CMAKE_CURRENT_BINARY_DIR}/merged.red tests/data/abf_admin/appd.red tests/data/abf_admin/more.red
             EXPECT "merged.red: 4 credits, red 2.95")
bmp_cli_test(NAME credit_merge_colours
             ARGS credit merge ${CMAKE_CURRENT_BINARY_DIR}/merged2.red tests/data/abf_admin/appd.red tests/data/abf_admin/usebio.grn
             EXIT 1 EXPECT "cannot merge a .grn file into a .red file")
bmp_cli_test(NAME credit_usage ARGS credit EXIT 2 EXPECT "usage: bridgemp credit check")
# ABF-86, ABF-87, ABF-89: ranks from totals.
bmp_cli_test(NAME abf_rank_state ARGS abf-rank --green 25 --red 25
             EXPECT "State Master \\(rank 8 of 21; total 50.00\\)")
bmp_cli_test(NAME abf_rank_pre1982 ARGS abf-rank --green 125 --red 175 --pre1982 175
             EXPECT "^Life Master \\(rank 13")
bmp_cli_test(NAME abf_rank_grand ARGS abf-rank --green 370 --red 500 --gold 130 --pre1982 175
             EXPECT "^Grand Master .*One Thousand Club")
bmp_cli_test(NAME abf_rank_nil ARGS abf-rank --green 1.99 EXPECT "^Nil \\(rank 0")
bmp_cli_test(NAME abf_rank_bad ARGS abf-rank --green x EXIT 2 EXPECT "expected masterpoints")
bmp_cli_test(NAME abf_rank_inconsistent ARGS abf-rank --red 1 --pre1982 2 EXIT 1 EXPECT "pre-1982")
# award --format abf-credit needs an output prefix.
bmp_cli_test(NAME award_abf_credit_no_output ARGS award x.json --format abf-credit EXIT 2
             EXPECT "needs --output PREFIX")
