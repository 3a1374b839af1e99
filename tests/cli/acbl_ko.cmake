# ACBL knockouts, NABC and WBF through the CLI: the engine's tables and the examples.
# DOC-02 (ACBL-25, ACBL-29, ACBL-10): Appendix F counts and the six firsts
bmp_cli_test(NAME acbl_ko_appendix_f ARGS scale acbl appendix-f --edition 2003 --format csv
             EXPECT "\n1,16,16,50,14,43\\.4667,0\\.8911,40\\.99\n" "\n2,16,0,34,30,33\\.3333,0\\.7222,33\\.22\n"
                    "\n3,16,0,18,30,28\\.0000,0\\.6333,29\\.13\n" "\n4,16,0,2,30,22\\.6667,0\\.5444,25\\.04\n"
                    "\n5,16,0,0,16,19\\.2000,0\\.4867,22\\.39\n" "\n6,16,0,0,0,16\\.0000,0\\.4333,19\\.93\n")
bmp_cli_test(NAME acbl_ko_appendix_f_current ARGS scale acbl appendix-f EXIT 3
             EXPECT "not supported: Appendix F \\(ACBL-10, §App\\. F\\)")
# ACBL-33 (2003) and ACBL-41 (later): the percentage tables as printed
bmp_cli_test(NAME acbl_ko_pct_2003 ARGS scale acbl ko-overall-pct --edition 2003 --format csv
             EXPECT "position,pct_of_first\n2,75\n3,55\n4,45\n5,30\n6,25\n7,20\n8,15\n9-16,10\n3/4 playoff winners,22\\.50\n")
bmp_cli_test(NAME acbl_ko_pct_current ARGS scale acbl ko-overall-pct --format csv
             EXPECT "2,75,70,53\n3,55,45,22\\.5\n4,45,35,\n5,30,30,\n6,25,25,\n7,20,,\n8,15,,\n9-16,10,,\n")
# ACBL-39, ACBL-37
bmp_cli_test(NAME acbl_ko_rf ARGS scale acbl ko-reduction-factor --format csv
             EXPECT "16,1\\.000\n15,0\\.960\n" "9,0\\.720\n8,0\\.600\n7,0\\.525\n6,0\\.450\n5,0\\.375\n$")
bmp_cli_test(NAME acbl_ko_rf_2003 ARGS scale acbl ko-reduction-factor --edition 2003 EXIT 3
             EXPECT "not supported: ko-reduction-factor \\(ACBL-36")
bmp_cli_test(NAME acbl_ko_computed ARGS scale acbl ko-computed-award --format csv
             EXPECT "0,500,6\\.00\n500,1000,6\\.00\n1000,5000,11\\.00\n5000,10000,21\\.00\n10000,25000,28\\.00\n25000,44000,46\\.00\n44000,,65\\.00")
# ACBL-57 (D18): the KO tables of the editions differ
bmp_cli_test(NAME acbl_nabc_ko_2003 ARGS scale acbl nabc-ko --edition 2003 --format csv
             EXPECT "womens-ko,WOMEN'S KO TEAMS,140,105,70,45,25,,4\\.00,\\*\\*" "spingold,SPINGOLD,250,180,125,80,50,25,5\\.00,")
bmp_cli_test(NAME acbl_nabc_ko_current ARGS scale acbl nabc-ko --format csv
             EXPECT "womens-ko,WOMEN'S KO TEAMS,120,90,60,40,22,,4\\.00,\\*\\*" "usbc,US BRIDGE CHAMPIONSHIP,250,180,125,54,25,,6\\.00,")
# ACBL-53 (D15), ACBL-55
bmp_cli_test(NAME acbl_nabc_pairs ARGS scale acbl nabc-pairs --format csv
             EXPECT "imp-pairs,IMP PAIRS,4,100,X" "platinum-pairs,PLATINUM PAIRS,6,200," "lm-5000-pairs,LIFE MASTER PAIRS \\(LM-5000\\),6,Formula max 75,")
bmp_cli_test(NAME acbl_nabc_pairs_2003 ARGS scale acbl nabc-pairs --edition 2003 --format csv
             EXPECT "imp-pairs,IMP PAIRS,4,125,X" "non-life-master-pairs,NON-LIFE MASTER PAIRS,4,Formula,")
bmp_cli_test(NAME acbl_nabc_teams ARGS scale acbl nabc-teams --format csv
             EXPECT "reisinger-bam,REISINGER BAM,6,200,\n" "open-swiss,OPEN SWISS TEAMS,4,125,X")
# ACBL-54, ACBL-56, ACBL-58 (D16, D17)
bmp_cli_test(NAME acbl_nabc_min_2003 ARGS scale acbl nabc-min-tables --edition 2003 --format csv
             EXPECT "\n23,50\\.0,75\\.0,100\n" "\n24,75\\.0,75\\.0,120\n" "\n32,75\\.0,100\\.0,140\n" "\n48,100\\.0,100\\.0,140\n")
bmp_cli_test(NAME acbl_nabc_min_current ARGS scale acbl nabc-min-tables --format csv
             EXPECT "\n15,50\\.0,50\\.0,\n" "\n16,50\\.0,52\\.0,\n" "\n24,52\\.0,76\\.0,\n" "\n40,84\\.0,100\\.0,\n")
# ACBL-97 (D27)
bmp_cli_test(NAME acbl_wbf ARGS scale acbl wbf --format csv
             EXPECT "bermuda-bowl,Bermuda Bowl,800,Spingold/Vanderbilt,200" "mixed-teams,Mixed Teams,138,Master Mixed Teams,100")
# Examples: DOC-02 as an event (ACBL-25, ACBL-50 gold split; bracket 5 at 50% credit (ACBL-31)
# makes the 90% cap bind on bracket 6 (ACBL-28): 0.9 x 21.16 = 19.044 -> 1/3 gold 6.35), later brackets (ACBL-36, ACBL-44),
# DOC-03 (ACBL-58), NABC Open Pairs (ACBL-53, ACBL-54)
bmp_cli_test(NAME acbl_ko_example_2003 ARGS award examples/acbl/ko-bracketed-2003.json --format csv
             EXPECT "101,Team 101,overall,Bracket 1,1,40\\.99,gold,ACBL-25" "201,Team 201,overall,Bracket 2,1,22\\.15,gold,ACBL-25"
                    "201,Team 201,overall,Bracket 2,1,11\\.07,red,ACBL-25" "601,Team 601,overall,Bracket 6,1,6\\.35,gold" "601,Team 601,overall,Bracket 6,1,12\\.69,red")
bmp_cli_test(NAME acbl_ko_example_current ARGS award examples/acbl/ko-bracketed-current.json --explain
             EXPECT "Computed Award 33\\.760000 for AVG MP 14800" "101 +Team 101 +overall +Bracket 1 +1 +33\\.76 +gold +ACBL-36"
                    "match +Bracket 1 +- +10\\.12 +red +ACBL-44")
bmp_cli_test(NAME acbl_nabc_example_doc03 ARGS award examples/acbl/nabc-womens-ko-2003.json --format csv
             EXPECT ",1,120\\.00,platinum,ACBL-57" ",2,90\\.00,platinum,ACBL-58" ",5/8,38\\.57,platinum,ACBL-58" ",9/16,21\\.43,platinum,ACBL-58")
bmp_cli_test(NAME acbl_nabc_example_pairs ARGS award examples/acbl/nabc-open-pairs.json --explain
             EXPECT "minimum tables: 40 tables -> 84\\.0% of the full award: 1st 125\\.00 x 840/1000 = 105\\.00 \\(ACBL-54\\)"
                    "1 +overall +overall +1 +105\\.00 +platinum +ACBL-53")
bmp_cli_test(NAME acbl_nabc_unknown ARGS award tests/data/acbl/nabc-unknown.json EXIT 1
             EXPECT "params\\.nabc_event: unknown current NABC event \"open-teams-of-9\"")
