# NZ Bridge (Part E, Sept 2017): the CLI computes the printed tables and
# awards; errors name the JSON path.
# NZ-26: C Basic Table, N=20 row: 40 34 28 23 17 12 6 1.
bmp_cli_test(NAME nzb_scale_c_basic ARGS scale nzb c-basic --format csv
             EXPECT "\n20,40,34,28,23,17,12,6,1,0," "\n50,40,")
# NZ-26 / A-31: the >50 table includes N=210, which the document omits.
bmp_cli_test(NAME nzb_scale_c_over50 ARGS scale nzb c-basic-over50 --format csv
             EXPECT "\n210,40,39," "\n300,40,")
# NZ-55: 20A Pairs N=40: 20 18 16 14 12 10 8 6 4 2 1.
bmp_cli_test(NAME nzb_scale_20A_pairs ARGS scale nzb 20A-pairs --format csv
             EXPECT "\n40,20,18,16,14,12,10,8,6,4,2,1,0," "\n100,20,")
# NZ-64: 5A Teams N=20: 5 4 3 3 2 2 1 1.
bmp_cli_test(NAME nzb_scale_5A_teams ARGS scale nzb 5A-teams --format csv
             EXPECT "\n20,5,4,3,3,2,2,1,1,0,")
# NZ-69: 8B Pairs N=28: 8 7 6 5 4 3 2 1.
bmp_cli_test(NAME nzb_scale_8B_pairs ARGS scale nzb 8B-pairs --format csv
             EXPECT "\n28,8,7,6,5,4,3,2,1,0,")
bmp_cli_test(NAME nzb_scale_extend ARGS scale nzb 20A-pairs --max-entrants 120 --format csv
             EXPECT "\n120,20,19,18,18,17,")
# NZ-53, NZ-54: the special 25A tables.
bmp_cli_test(NAME nzb_scale_25A_pairs ARGS scale nzb 25A-pairs --format csv EXPECT "\n28,17,7")
bmp_cli_test(NAME nzb_scale_25A_teams ARGS scale nzb 25A-teams --format csv
             EXPECT "\n9-16,17,17,17,17" "\n40-46,0,0,0,1")
# NZ-41: 7 boards 0.14 A; NZ-31: 60 deals 120 C.
bmp_cli_test(NAME nzb_scale_a_match ARGS scale nzb a-match-play --format csv EXPECT "\n7,0.14,0.07")
bmp_cli_test(NAME nzb_scale_c_match ARGS scale nzb c-match-play --format csv EXPECT "\n60,120.00,60.00")
# NZ-3: ranks; NZ-82..84 summary; NZ-75/76 interprovincial.
bmp_cli_test(NAME nzb_scale_ranks ARGS scale nzb ranks --format csv EXPECT "10,Gold Grand Master,4000,2500")
bmp_cli_test(NAME nzb_scale_summary ARGS scale nzb summary --format csv EXPECT "\n20A,110,110,5,1A,4,0.02A")
bmp_cli_test(NAME nzb_scale_interprovincial ARGS scale nzb interprovincial --format csv
             EXPECT "championships,open,15 A,8 A,4 A" "trials,intermediate,5 B,3 B,1 B")
bmp_cli_test(NAME nzb_scale_unknown ARGS scale nzb 30A-pairs EXIT 1 EXPECT "unknown nzb table \"30A-pairs\"")
bmp_cli_test(NAME nzb_scale_bad_option ARGS scale nzb c-basic --max-entrants x EXIT 1
             EXPECT "--max-entrants: expected a whole number")
# NZ-30: uneven Mitchell directions (8 N/S, 7 E/W): 2nd (26 + 24) / 2 = 25 C both ways.
bmp_cli_test(NAME nzb_award_mitchell ARGS award examples/nzb/club-mitchell-phantom.json --format csv
             EXPECT "NS2,[^\n]*,25.00,C,NZ-30" "EW2,[^\n]*,25.00,C,NZ-30")
# NZ-60, NZ-40, NZ-39: 10A pairs, 14 pairs: 10 7 4 2 A; session C x 3; 1 A bonus.
bmp_cli_test(NAME nzb_award_10A ARGS award examples/nzb/provincial-pairs-10A.json --explain
             EXPECT "10A Pairs grid N=14 place 2 = 7.00 A" "session winner: 1 A \\(NZ-39\\)")
# NZ-84: 2 x 24 = 48 deals < 72 for 10A.
bmp_cli_test(NAME nzb_award_short ARGS award tests/data/nzb/bad/short-10A.json EXIT 1
             EXPECT "short-10A.json: \\$.boards: an NZ 10A pairs event needs at least 72 deals")
bmp_cli_test(NAME nzb_award_bad_grade ARGS award tests/data/nzb/bad/bad-grade.json EXIT 1
             EXPECT "bad-grade.json: \\$.grade: expected an NZ grade")
# NZ-41, NZ-38, NZ-64: 5A Swiss teams, 10-board matches: 6 wins = 120 units x 0.01 = 1.20 A;
# the team of 5 gets 4/5 (60 units: 0.48 A); overall 5A Teams N=10: 5 3 2 1.
bmp_cli_test(NAME nzb_award_swiss ARGS award examples/nzb/regional-swiss-teams-5A.json --format csv
             EXPECT "\n9,[^\n]*match[^\n]*,1.20,A,NZ-41" "\n2,[^\n]*match[^\n]*,0.48,A,NZ-38"
                    "\n9,[^\n]*overall[^\n]*,5.00,A,NZ-64")
