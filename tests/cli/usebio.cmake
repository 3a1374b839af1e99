# USEBIO import/export and the results -> awards pipeline (docs/usebio.md).
set(U tests/data/usebio)
bmp_cli_test(NAME convert_usebio_to_json
             ARGS convert ${U}/example_pairs.xml - --to json --body abf
             EXPECT "\"format\": \"bridgemp-event/1\"" "\"movement\": \"two-winner\""
                    "\"mp.green\": 30" "\"date\": \"2025-01-14\"")
bmp_cli_test(NAME convert_json_to_usebio
             ARGS convert ${U}/pairs_event.json - --to usebio
             EXPECT "<USEBIO Version=\"1.2\">" "<WINNER_TYPE>2</WINNER_TYPE>"
                    "<MASTER_POINTS_AWARDED>30</MASTER_POINTS_AWARDED>"
                    "<MASTER_POINT_TYPE>GREEN</MASTER_POINT_TYPE>")
bmp_cli_test(NAME convert_teams_nested
             ARGS convert ${U}/example_teams.xml - --to usebio --body nzb
             EXPECT "<TEAM TEAM_ID=\"3\" TEAM_NAME=\"CLARKE\">" "<MASTER_POINTS>"
                    "<TEAM_VICTORY_POINTS>15.23</TEAM_VICTORY_POINTS>")
bmp_cli_test(NAME convert_sidecar
             ARGS convert ${U}/example_pairs.xml - --to json --sidecar ${U}/sidecar_abf.json
                  --set acceleration=1.5
             EXPECT "\"grade\": \"D\"" "\"name\": \"Harbourside Tuesday\"" "\"acceleration\": 1.5")
bmp_cli_test(NAME convert_needs_body ARGS convert ${U}/example_pairs.xml - --to json EXIT 1
             EXPECT "give --body acbl\\|ebu\\|abf\\|nzb")
bmp_cli_test(NAME convert_unknown_extension ARGS convert ${U}/example_pairs.xml out.txt --body abf
             EXIT 2 EXPECT "give --to json\\|usebio")
bmp_cli_test(NAME convert_bad_to ARGS convert a b --to pbn EXIT 2 EXPECT "--to: expected json or usebio")
bmp_cli_test(NAME convert_bad_set ARGS convert a b --set novalue EXIT 2 EXPECT "expected KEY=VALUE")
bmp_cli_test(NAME convert_malformed ARGS convert ${U}/malformed.xml - --to json --body abf EXIT 1
             EXPECT "malformed.xml:7: malformed XML")
bmp_cli_test(NAME convert_bad_place ARGS convert ${U}/bad_place.xml - --to json --body abf EXIT 1
             EXPECT "bad_place.xml:23: /USEBIO/EVENT/PARTICIPANTS/PAIR\\[3\\]/PLACE: expected a place")
bmp_cli_test(NAME convert_xxe ARGS convert ${U}/xxe.xml - --to json --body abf EXIT 1
             EXPECT "entity declarations are not accepted")
bmp_cli_test(NAME convert_help ARGS convert --help EXPECT "usage: bridgemp convert IN OUT")
# The award pipeline reads USEBIO (detected from the content) and reaches the
# body's rules; on this branch no body awards yet, so the answer is exit 3.
# What a USEBIO file cannot say reaches the body's rules, which name it
# (at the XML element, never a JSON path: rulings U-49).
bmp_cli_test(NAME award_usebio_reaches_rules ARGS award ${U}/individual.xml --body ebu EXIT 1
             EXPECT "individual.xml:3: /USEBIO/EVENT: expected the EBU status")
bmp_cli_test(NAME award_usebio_bad_file ARGS award ${U}/bad_place.xml --body abf EXIT 1
             EXPECT "PAIR\\[3\\]/PLACE")
bmp_cli_test(NAME award_usebio_format ARGS award ${U}/example_pairs.xml --format pbn EXIT 2
             EXPECT "expected table, json, csv, usebio or abf-credit")
bmp_cli_test(NAME award_json_with_usebio_options
             ARGS award ${U}/pairs_event.json --body ebu --set x=1 EXIT 1
             EXPECT "pairs_event.json: \\$.params.x: unknown EBU parameter")
bmp_cli_test(NAME convert_latin1 ARGS convert ${U}/latin1.xml - --to json --body abf
             EXPECT "ZOË ZAPATA" "\"usebio.encoding\": \"ISO-8859-1\"")
bmp_cli_test(NAME convert_utf16 ARGS convert ${U}/utf16.xml - --to json --body abf
             EXPECT "ŁUKASZ ŻAK")

# End to end: a club scorer's USEBIO export in, ABF awards out (ABF-6: Table
# 1B T=5 two-winner, grade E: 1st 0.15, 2nd 0.11 each way; ABF-11: floor(5/2)
# = 2 places each way), then written back as USEBIO MASTER_POINTS (hundredths)
# and as an ABF green credit file (ABF-117: 7-digit number + 6-digit award).
bmp_cli_test(NAME e2e_usebio_abf_awards
             ARGS award ${U}/abf_club_5tables.xml --body abf --grade E --format csv
             EXPECT "1NS,,session,NS,1,0\\.15,green,ABF-6,4\\.2\\.1"
                    "2NS,,session,NS,2,0\\.11,green,ABF-6"
                    "1EW,,session,EW,1,0\\.15,green" "2EW,,session,EW,2,0\\.11,green")
bmp_cli_test(NAME e2e_usebio_abf_usebio_out
             ARGS award ${U}/abf_club_5tables.xml --body abf --grade E --format usebio
             EXPECT "<PLACE>1</PLACE>[ \n]*<MASTER_POINTS_AWARDED>15</MASTER_POINTS_AWARDED>[ \n]*<MASTER_POINT_TYPE>GREEN</MASTER_POINT_TYPE>"
                    "<PLACE>2</PLACE>[ \n]*<MASTER_POINTS_AWARDED>11</MASTER_POINTS_AWARDED>")
bmp_cli_test(NAME e2e_usebio_abf_credit
             ARGS award ${U}/abf_club_5tables.xml --body abf --grade E --format abf-credit
                  --output ${CMAKE_CURRENT_BINARY_DIR}/e2e_club5
             EXPECT "wrote .*e2e_club5\\.grn")
# Issue 42: a club game computes from the club charts: a 5-table Mitchell,
# .10 x 5 pairs = 0.50 a direction, 2nd 70 % = 0.35 (ACBL-C1, ACBL-C2).
bmp_cli_test(NAME e2e_usebio_acbl_club
             ARGS award ${U}/acbl_club_5tables.xml --body acbl --classification club-masterpoint
                  --format csv
             EXPECT "1NS,,section,session 1 NS,1,0\\.50,black,ACBL-C1"
                    "2EW,,section,session 1 EW,2,0\\.35,black,ACBL-C2")
# Rulings CL-3: a file is read under the rules --body names, its numbers
# checked by that body's syntax in every command; the ABF club's file under
# NZ or ACBL rules is refused at its first number those rules cannot have
# (the awards would credit numbers the body does not have), naming the line.
bmp_cli_test(NAME usebio_other_body_numbers_nzb
             ARGS award ${U}/abf_club_5tables.xml --body nzb --grade 40C --strict-numbers EXIT 1
             EXPECT "abf_club_5tables.xml:22: contestant 1NS player Ava Bell: NZB computer number \"1044559\": expected 4 or 5 digits, not starting with 0 \\(NZ-89\\)")
bmp_cli_test(NAME usebio_other_body_numbers_acbl
             ARGS validate ${U}/abf_club_5tables.xml --body acbl --classification club-masterpoint
                  --strict-numbers EXIT 1
             EXPECT "abf_club_5tables.xml:52: contestant 3NS player Finn Gale: ACBL player number \"310425\": expected 7 digits")
# Issue 43: without --strict-numbers they compute, each number flagged.
bmp_cli_test(NAME usebio_other_body_numbers_lenient
             ARGS award ${U}/abf_club_5tables.xml --body nzb --grade 40C
             EXPECT "abf_club_5tables.xml: 20 players without a valid NZB number \\(0 guests, 0 without a number, 20 not valid\\): lines 22, 26, 35, 39, 48, 52, 61, 65, 74, 78 and 10 more"
                    "Ava Bell: not a valid NZB number")
bmp_cli_test(NAME usebio_other_body_numbers_convert
             ARGS convert ${U}/abf_club_5tables.xml - --to json --body nzb
             EXPECT "\"id\": \"1044559\"")
# The spec's two example files end to end.  Pairs (ABF, grade E): a 3-table
# Mitchell is below ABF-14's 4-table minimum for two-winner session awards, so
# it computes and pays nothing.  Teams (NZ, as a 40C club session, NZ-31:
# 2 C per deal of a match won, 1 per deal of a match tied, 8-board matches):
# ADAMS 2 wins = 32 C, BROWN 16, CLARKE 2 wins + 1 tie = 40, DUNN 8; written
# back as nested MASTER_POINTS in hundredths.
bmp_cli_test(NAME e2e_example_pairs_abf
             ARGS award ${U}/example_pairs.xml --body abf --grade E --explain
             EXPECT "grade E \\(Club events, green\\)")
bmp_cli_test(NAME e2e_example_teams_nzb
             ARGS award ${U}/example_teams.xml --body nzb --grade 40C --format csv
             EXPECT "1,ADAMS,match,matches,-,32\\.00,C,NZ-31" "2,BROWN,match,matches,-,16\\.00,C"
                    "3,CLARKE,match,matches,-,40\\.00,C" "4,DUNN,match,matches,-,8\\.00,C")
bmp_cli_test(NAME e2e_example_teams_nzb_usebio
             ARGS award ${U}/example_teams.xml --body nzb --grade 40C --format usebio
             EXPECT "<MASTER_POINTS_AWARDED>3200</MASTER_POINTS_AWARDED>[ \n]*<MASTER_POINT_TYPE>c</MASTER_POINT_TYPE>"
                    "<MASTER_POINTS_AWARDED>4000</MASTER_POINTS_AWARDED>")
# Fuzzing finding: a MATCH of a team against itself was imported, and the JSON
# that `convert` wrote from it was then refused by the JSON reader.
bmp_cli_test(NAME usebio_team_plays_itself
             ARGS award ${U}/self_match.xml --body nzb --grade 40C EXIT 1
             EXPECT "self_match.xml:108: /USEBIO/EVENT/MATCH\\[1\\]/OPPOSING_TEAM: a team cannot play itself")
# Audit (rulings U-20): EBU local points go out whole as BLACK.  EBU-46,
# Scale A (club), 24 boards -> the 18-35 column, 5 tables -> row "5-6":
# two-winner 1st = 20 local points each way; §2.3: the file carries 20, not
# 2000 (hundredths) -- and the writer used to refuse colour "local" outright.
bmp_cli_test(NAME audit_usebio_ebu_local_whole
             ARGS award ${U}/abf_club_5tables.xml --body ebu --status club --format usebio
             EXPECT "<PAIR_NUMBER>1NS</PAIR_NUMBER>[ \n]*<DIRECTION>NS</DIRECTION>[ \n]*<PLACE>1</PLACE>[ \n]*<MASTER_POINTS>[ \n]*<MASTER_POINTS_AWARDED>20</MASTER_POINTS_AWARDED>[ \n]*<MASTER_POINT_TYPE>BLACK</MASTER_POINT_TYPE>")
# Audit (rulings U-25): a one-session two-winner club file is that session's
# NS and EW fields, the shape the NZB rules read (it was refused: "a
# two-winner (Mitchell) session needs session rankings with a direction").
# NZ-26: 5 pairs a direction, C(p) = floor(40 - 39(p-1)/(0.35 x 5)):
# 1st 40, 2nd floor(17.71) = 17; floor(1.75) + 1 = 2 places each way.
bmp_cli_test(NAME audit_usebio_nzb_one_session_mitchell
             ARGS award ${U}/nzb_club_5tables.xml --body nzb --grade 40C --format csv
             EXPECT "1NS,,session,session 1 NS,1,40\\.00,C,NZ-26"
                    "2NS,,session,session 1 NS,2,17\\.00,C,NZ-26"
                    "1EW,,session,session 1 EW,1,40\\.00,C" "2EW,,session,session 1 EW,2,17\\.00,C")

# Issue 15: validate accepts USEBIO as well as JSON; the Compscore3 Butler
# (U-40, ABF-24) is a valid ABF event with 4 awards (places 1-4, ABF-7).
bmp_cli_test(NAME usebio_validate_realworld
             ARGS validate tests/data/realworld/compscore_butler_howell.xml --body abf --grade E
             EXPECT "valid abf event \"Monday\": butler, 1 session\\(s\\), 4 tables, 8 contestants, 0 groups, 0 matches, 4 awards")
