# ABF: tables from the formulae and the Appendix B worked examples.
# Table 1B T=7 (B.2): 0.21 0.15 0.11; Table 3B T=6 S=3 (B.1.1): 0.71.
bmp_cli_test(NAME abf_scale_1B ARGS scale abf 1B --format csv
             EXPECT "\n7,0\\.21,0\\.15,0\\.11,,,,,,\n")
bmp_cli_test(NAME abf_scale_3B ARGS scale abf 3B --format csv
             EXPECT "\n6,0\\.44,0\\.71,")
bmp_cli_test(NAME abf_scale_3C ARGS scale abf 3C --format csv EXPECT "\n82,[0-9.]+,[0-9.]+,")
bmp_cli_test(NAME abf_scale_2A ARGS scale abf 2A --format csv EXPECT "\n8,0\\.32,0\\.22,0\\.16,")
bmp_cli_test(NAME abf_scale_grade ARGS scale abf 1C --grade A --format csv
             EXPECT "\n4,0\\.80,0\\.56,")
bmp_cli_test(NAME abf_scale_unknown ARGS scale abf 4A EXIT 1 EXPECT "unknown abf table \"4A\"")
bmp_cli_test(NAME abf_bodies ARGS bodies EXPECT "table   3C")
# ABF-28, ABF-6, ABF-7, ABF-40: Appendix B.2 totals (P5 1.05, P8 0.63, P12 0.55, P14 0.05).
bmp_cli_test(NAME abf_appendix_b2 ARGS award examples/abf/appendix-b-2.json
             EXPECT "P5 North/East +P5 +1\\.05" "P8 North/East +P8 +0\\.63"
                    "P12 North/East +P12 +0\\.55" "P14 North/East +P14 +0\\.05"
                    "P3 North/East +P3 +0\\.38")
# ABF-19, ABF-20, ABF-46: Appendix B.1.1 totals (T4 1.47, T1 1.10, T3 0.43, T6 0.60).
bmp_cli_test(NAME abf_appendix_b11 ARGS award examples/abf/appendix-b-1-1.json
             EXPECT "T4 member 1 +T4 +1\\.47" "T1 member 1 +T1 +1\\.10" "T3 member 1 +T3 +0\\.43"
                    "T6 member 1 +T6 +0\\.60" "T5 member 1 +T5 +0\\.26")
# Appendix B.1.2: T8 0.18, T4 0.09, T2 0.06.
bmp_cli_test(NAME abf_appendix_b12 ARGS award examples/abf/appendix-b-1-2.json
             EXPECT "T8 +match +matches +- +0\\.18" "T4 +match +matches +- +0\\.09"
                    "T2 +match +matches +- +0\\.06")
# ABF-23: the < 5-board variant: 0.32, 0.22, 0.16.
bmp_cli_test(NAME abf_appendix_b12_short ARGS award examples/abf/appendix-b-1-2-short.json
             EXPECT "T8 +session +session 1 +1 +0\\.32" "T5 +session +session 1 +2 +0\\.22"
                    "T6 +session +session 1 +3 +0\\.16")
bmp_cli_test(NAME abf_explain ARGS award examples/abf/appendix-b-1-1.json --explain
             EXPECT "Table 3B 0\\.71" "grade D")
# examples/abf/club-pairs.json: grade E 10-table Mitchell: 0.02 x 1.5 x 10 =
# 0.30 to each direction's winner (ABF-6), 5 places each way (ABF-11).
bmp_cli_test(NAME abf_club_pairs ARGS award examples/abf/club-pairs.json
             EXPECT " 1 +session +session 1 NS +1 +0\\.30 +green"
                    " 11 +session +session 1 EW +1 +0\\.30"
                    " 15 +session +session 1 EW +5 +0\\.08")
# examples/abf/congress-teams.json: B4 congress championship, 8 teams, 2
# sessions + 1 acceleration (ABF-32): S = 3; 16-board wins 0.02 x 16 = 0.32
# red; a team of 5 gets 4/5 (ABF-27).
bmp_cli_test(NAME abf_congress_teams ARGS award examples/abf/congress-teams.json --explain
             EXPECT "S = 3 \\(congress acceleration" "T6 +Team 6 +match +matches +- +1\\.92 +red"
                    "T3 +Team 3 +match +matches +- +0\\.26")
bmp_cli_test(NAME abf_validate_examples ARGS validate examples/abf/congress-teams.json
             EXPECT "valid abf event")
# A missing grade is an input error naming $.grade (exit 1).
bmp_cli_test(NAME abf_no_grade ARGS award tests/data/abf/no-grade.json EXIT 1
             EXPECT "no-grade.json: \\$\\.grade: missing required field")
