# ACBL through the CLI: appendices computed by the engine, the README demo.
# ACBL-98 / ACBL-2: Appendix A, both editions (2003 row 358 is the formula's 1.9518, A-2)
bmp_cli_test(NAME acbl_appendix_a_2003 ARGS scale acbl appendix-a --edition 2003
             EXPECT "  358  1\\.9518" "    0  0\\.0000" "  499  2\\.0960" "  250  1\\.7959")
bmp_cli_test(NAME acbl_appendix_a_current ARGS scale acbl appendix-a --format csv
             EXPECT "tables,B\n1,0\\.1833\n" "61,1\\.1833\n" "250,1\\.7959\n$")
# ACBL-5: Appendix B (DOC-04)
bmp_cli_test(NAME acbl_appendix_b ARGS scale acbl appendix-b
             EXPECT "100  0\\.5102" "6136  1\\.0000")
# ACBL-10 (D3): later Appendix C has a 2-session column; ACBL-9: 2003 does not
bmp_cli_test(NAME acbl_appendix_c_current ARGS scale acbl appendix-c --format csv
             EXPECT "place,1 session,2 sessions,4 sessions,6 sessions" "\n5,0\\.32,0\\.33,0\\.40,0\\.43\n"
                    "\n20,0\\.05,0\\.10,0\\.16,0\\.21\n")
bmp_cli_test(NAME acbl_appendix_c_2003 ARGS scale acbl appendix-c --edition 2003 --format csv
             EXPECT "place,1 or 2 sessions,4 sessions,6 sessions" "\n8,0\\.13,0\\.31,0\\.35\n")
# ACBL-26: Appendix E
bmp_cli_test(NAME acbl_appendix_e_2003 ARGS scale acbl appendix-e --edition 2003 --format csv
             EXPECT "\n3,0\\.1250\n" "\n24-47,1\\.0000\n" "\n48 and more,1\\.5000\n")
bmp_cli_test(NAME acbl_appendix_e_current ARGS scale acbl appendix-e --format csv
             EXPECT "boards,L\n6,0\\.2500\n12,0\\.5000\n24-47,1\\.0000\n48\\+,1\\.5000\n")
bmp_cli_test(NAME acbl_unknown_table ARGS scale acbl appendix-z EXIT 1
             EXPECT "unknown acbl table \"appendix-z\" \\(known: appendix-a, appendix-b")
bmp_cli_test(NAME acbl_unknown_edition ARGS scale acbl appendix-a --edition 1999 EXIT 1
             EXPECT "unknown acbl edition \"1999\"")
# ACBL-1/ACBL-8: the README demo, 42 tables Regional 2 sessions: 1st 18.20
bmp_cli_test(NAME acbl_demo ARGS award examples/acbl/regional-pairs.json --explain
             EXPECT "B = \\(42 \\+ 10\\) / 60 = 0\\.866667 \\(ACBL-2" "-> 18\\.20 \\(ACBL-1"
                    "overall +1 +18\\.20 +gold +ACBL-8" "5/6 +5\\.64 +gold +ACBL-10"
                    "Per player:")
bmp_cli_test(NAME acbl_demo_2003 ARGS award examples/acbl/regional-pairs-2003.json --format json
             EXPECT "\"edition\": \"2003\"" "\"points\": \"5\\.04\"" "\"rule\": \"ACBL-9\"")
# Part 2 examples: ACBL-68/69/70 stratiflighted (X against Flight B: 105% x 7.42 = 7.79)
bmp_cli_test(NAME acbl_stratiflighted ARGS award examples/acbl/stratiflighted-pairs.json --explain
             EXPECT "stratum A: 1st = B\\(20\\)" "max\\(105% of Flight B = 7\\.79, X alone = 5\\.67\\) -> 7\\.79 \\(ACBL-69\\)"
                    "X +1 +7\\.79 +gold +ACBL-8" "C +1 +3\\.82 +red")
# ACBL-79 match awards (1.25 x 7/24 = 0.36 per win), ACBL-78 participation
bmp_cli_test(NAME acbl_swiss ARGS award examples/acbl/swiss-teams.json --explain
             EXPECT "1st = B\\(24\\) .* -> 11\\.90" "0\\.36 per match won x 6\\.5 wins -> 2\\.34"
                    "participation 0\\.25: 1-2 sessions: award x participation")
# ACBL-84/ACBL-24: individual, one-winner: (7 + 10)/60 x 10 x 0.75 = 2.125 -> 2.13; session 0.33
bmp_cli_test(NAME acbl_individual ARGS award examples/acbl/individual.json --explain
             EXPECT "= 2\\.125000 -> 2\\.13" "session 1st = 0\\.33 x B\\(7\\)" "ACBL-14: 7 tables > 5")
# ACBL-26: a knockout without boards per match cannot have an L factor: an error, not a guess
bmp_cli_test(NAME acbl_knockout_needs_boards ARGS award tests/data/acbl/knockout.json EXIT 1
             EXPECT "knockout.json: \\$.boards_per_match: the KO formula needs the boards per match for L \\(ACBL-26\\)")
# ACBL-11 / DOC-01 extended: places 1..20 (11-14 are not printed): later 2 sessions 11th 2/12 = 0.17
bmp_cli_test(NAME acbl_appendix_c_places ARGS scale acbl appendix-c --places 20 --format csv
             EXPECT "\n11,0\\.09,0\\.17,0\\.25,0\\.30\n" "\n14,0\\.07,0\\.13,0\\.21,0\\.26\n")
# --places is appendix-c's alone: on another table it is not an option (exit 2,
# naming the table's); on appendix-c a value the engine refuses is exit 1.
bmp_cli_test(NAME acbl_scale_bad_option ARGS scale acbl appendix-a --places 3 EXIT 2
             EXPECT "--places is not an option of acbl table appendix-a; its options: --edition, --format\n")
# appendix-f's options reach the table (ACBL-25): two brackets of 16
bmp_cli_test(NAME acbl_appendix_f_brackets ARGS scale acbl appendix-f --edition 2003 --brackets 2 --format csv
             EXPECT "\n2,16,0,0,0,16\\.0000,0\\.4333,19\\.93\n$")
bmp_cli_test(NAME acbl_scale_bad_value ARGS scale acbl appendix-c --places 0 EXIT 1
             EXPECT "--places: expected a whole number")
