# A lenient USEBIO reader, strict only where awards depend on it (issue 43
# item 2; rulings U-47, U-48, U-49): the shapes real programs write compute.
set(U tests/data/usebio)
# EBU TeamsScorer multiple teams: MATCH_SCORING_METHOD VPS, TEAM_SCORE 12-8
# is VPs, never compared with the board IMPs (2); refused before.
bmp_cli_test(NAME usebio_lenient_teamsscorer_vps ARGS award ${U}/ebu_teamsscorer_vps.xml --body ebu
             EXPECT "Winter Multiple Teams \\(ebu\\): awards"
                    "1  ARCHER  ranking  overall      1   20.00   local  EBU-46    4.1.5"
                    "3  CARTER  ranking  overall      2   10.00   local  EBU-46    4.1.5")
bmp_cli_test(NAME usebio_lenient_teamsscorer_validate ARGS validate ${U}/ebu_teamsscorer_vps.xml --body ebu
             EXPECT "valid ebu event \"Winter Multiple Teams\": teams, 1 session\\(s\\), 4 tables, 4 contestants, 0 groups, 6 matches, 2 awards")
# EBUScoreTeams point-a-board: MASTER_POINT_SCALE "EBU" is the Club status.
bmp_cli_test(NAME usebio_lenient_ebu_scale ARGS award ${U}/ebuscoreteams_pab.xml --body ebu
             EXPECT "Point-a-Board Teams \\(ebu\\): awards"
                    "1   ELLIS  ranking  overall      1   20.00   local  EBU-46    4.1.5"
                    "2  FOSTER  ranking  overall      2   10.00   local  EBU-46    4.1.5")
bmp_cli_test(NAME usebio_lenient_ebu_scale_status ARGS award ${U}/ebuscoreteams_pab.xml --body ebu --status county
             EXPECT "1   ELLIS  ranking  overall      1   40.00   local  EBU-46")
# A word that names no status: the element and its line, never "$.status".
bmp_cli_test(NAME usebio_lenient_scale_error ARGS award ${U}/ebu_scale_unknown.xml --body ebu EXIT 1
             EXPECT "ebu_scale_unknown\\.xml:15: /USEBIO/EVENT/MASTER_POINT_SCALE: expected the EBU status: club, district, county, regional or national \\(3\\.2\\) \\(the file's scale \"Weekly\" is none: give --status\\)")
# A redundant total that disagrees but names the same winner: a warning.
bmp_cli_test(NAME usebio_lenient_check_warning ARGS award ${U}/match_total_differs.xml --body ebu
             EXPECT "1  KEMP  ranking  overall      1   10.00   local  EBU-46"
                    "match_total_differs\\.xml:28: warning: /USEBIO/EVENT/MATCH: the BOARD IMPS sum to 5 but TEAM_SCORE - OPPOSING_TEAM_SCORE is 8 \\(the same winner: TEAM_SCORE taken\\)")
bmp_cli_test(NAME usebio_lenient_check_validate ARGS validate ${U}/match_total_differs.xml --body ebu
             EXPECT "valid ebu event \"Three Team Check\""
                    "match_total_differs\\.xml:28: warning: /USEBIO/EVENT/MATCH: the BOARD IMPS sum to 5")
