# ACBLscore game files on the command line (issue 42 item 2; docs/acblscore.md):
# read by content (else by name), every event of a file in turn or --event N,
# a damaged file refused with the offset and the structure.  (What `award`
# computes is the club rules' business: tests/acbl/acblscore_fidelity.c.)
set(A tests/data/acblscore)
set(X tests/data/acblscore-damaged)
bmp_cli_test(NAME acblscore_convert_every_event
             ARGS convert ${A}/beverly-hills-bridge-club__170731.ACA - --to json
             EXPECT "\"name\": \"Mon. Aft. Open Strat Pair\"" "\"name\": \"Monday Aft. 199'ers Pairs\""
                    "\"organiser\": \"229849\"" "\"event_id\": \"s2e2\"" "\"mp.red\": 204")
bmp_cli_test(NAME acblscore_convert_event_2
             ARGS convert ${A}/beverly-hills-bridge-club__170731.ACA - --to json --event 2
             EXPECT "\"classification\": \"club-masterpoint\"" "\"acblscore.game_type\": \"restricted\""
                    "\"name\": \"Strat A\",[^}]*\"upper_limit\": 200")
# USEBIO has no strata: a stratified game stays JSON
bmp_cli_test(NAME acblscore_convert_usebio
             ARGS convert ${A}/inglewood-beach-bridge-club__170825.ace - --to usebio EXIT 1
             EXPECT "contestant \"A1NS\" is in stratum \"Strat C\": USEBIO can only group contestants by SECTION")
bmp_cli_test(NAME acblscore_no_such_event ARGS award ${A}/inglewood-beach-bridge-club__170825.ace --event 2
             EXIT 1 EXPECT "no event 2 \\(the file holds 1\\)")
bmp_cli_test(NAME acblscore_truncated ARGS award ${X}/truncated.ace EXIT 1
             EXPECT "truncated.ace: offset 0x33b8: an entry index table: length 1 runs past the end of the file \\(size 12288\\)")
bmp_cli_test(NAME acblscore_truncated_validate ARGS validate ${X}/truncated.ace EXIT 1
             EXPECT "truncated.ace: offset 0x33b8")
bmp_cli_test(NAME acblscore_by_name ARGS convert ${X}/text.aca - --to json EXIT 1
             EXPECT "text.aca: not an ACBLscore game file \\(no AC3 magic\\)")
bmp_cli_test(NAME acblscore_help ARGS award --help EXPECT "ACBLscore game file" "--event N")
