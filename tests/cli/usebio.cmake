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
bmp_cli_test(NAME award_usebio_reaches_rules ARGS award ${U}/individual.xml --body ebu EXIT 3
             EXPECT "not supported: ")
bmp_cli_test(NAME award_usebio_bad_file ARGS award ${U}/bad_place.xml --body abf EXIT 1
             EXPECT "PAIR\\[3\\]/PLACE")
bmp_cli_test(NAME award_usebio_format ARGS award ${U}/example_pairs.xml --format pbn EXIT 2
             EXPECT "expected table, json, csv or usebio")
bmp_cli_test(NAME award_json_with_usebio_options
             ARGS award ${U}/pairs_event.json --body ebu --set x=1 EXIT 3 EXPECT "not supported: ")
bmp_cli_test(NAME convert_latin1 ARGS convert ${U}/latin1.xml - --to json --body abf
             EXPECT "ZOË ZAPATA" "\"usebio.encoding\": \"ISO-8859-1\"")
bmp_cli_test(NAME convert_utf16 ARGS convert ${U}/utf16.xml - --to json --body abf
             EXPECT "ŁUKASZ ŻAK")

# End to end, for the lead after merging the ABF/ACBL award rules (these need
# the bodies' award engines; on this branch every body answers exit 3):
#   bridgemp award tests/data/usebio/example_pairs.xml --body abf [--grade …] --format json
#     -> exit 0, one award per pair and colour with "hundredths"
#   bridgemp award tests/data/usebio/example_pairs.xml --body abf --format usebio
#     -> exit 0, <MASTER_POINTS_AWARDED>N</MASTER_POINTS_AWARDED> on each awarded PAIR;
#        re-import with `bridgemp convert OUT - --to json --body abf`: "mp.green": N
#   bridgemp award tests/data/usebio/acbl_13.xml --body acbl --classification club --format csv
