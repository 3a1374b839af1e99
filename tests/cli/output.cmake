# Issue 10 output: one documented JSON shape (docs/output.schema.json), safe
# output, and a reason for every event that earns nothing
# (docs/output-format.md).  ${O} holds the test events.
set(O tests/data/output)
# Every example's JSON output validates against the schema: Debian's python3 with
# python3-jsonschema (scripts/deps.sh), not whatever python3 is first on PATH.
add_test(NAME output_schema
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/support/validate_output.py $<TARGET_FILE:bridgemp>
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# EBU-28 (3.1.2): 8 boards earn nothing, and every format says why.
bmp_cli_test(NAME output_empty_table ARGS award ${O}/ebu-short.json
             EXPECT "bridgemp: no award: Short Monday Pairs: EBU: no master points: competitors must be scheduled for at least 12 boards \\(3\\.1\\.2, EBU-28\\)")
bmp_cli_test(NAME output_empty_csv ARGS award ${O}/ebu-short.json --format csv
             EXPECT ",Short Monday Pairs,none,event,,0\\.00,,EBU-28,3\\.1\\.2" "no award: .*EBU-28")
bmp_cli_test(NAME output_empty_json ARGS award ${O}/ebu-short.json --format json
             EXPECT "\"awarded\": false" "\"type\": \"reason\"" "\"rule\": \"EBU-28\"" "\"section\": \"3\\.1\\.2\""
                    "\"event_id\": \"MON-0310\"" "\"sanction\": \"10\"" "\"organiser\": \"100234\"")
# Valid event, no awards: exit 0 with the reason; --fail-empty makes it exit 4.
bmp_cli_test(NAME output_fail_empty ARGS award ${O}/ebu-short.json --fail-empty EXIT 4
             EXPECT "EBU-28")
bmp_cli_test(NAME output_fail_empty_json ARGS award ${O}/ebu-short.json --format json --fail-empty
             EXIT 4 EXPECT "\"awarded\": false")
bmp_cli_test(NAME output_fail_empty_awarded ARGS award examples/ebu/club-pairs.json --fail-empty
             EXPECT "Hart - Bell")
# ABF-14 (4.4.3): a 3-table Mitchell earns no session award, in USEBIO too.
bmp_cli_test(NAME output_empty_usebio ARGS award tests/data/usebio/example_pairs.xml --body abf --grade E
             EXPECT "NS: 3 table\\(s\\), fewer than 4: no session award \\(4\\.4\\.3, ABF-14\\)")
# Phantoms are left out with a reason (C-4) in JSON notes, CSV rows and on stderr.
bmp_cli_test(NAME output_phantom_json ARGS award examples/nzb/club-pairs.json --format json
             EXPECT "\"text\": \"phantom or sit-out: never awarded\",[ \n]*\"rule\": \"C-4\"")
bmp_cli_test(NAME output_phantom_csv ARGS award examples/nzb/club-pairs.json --format csv
             EXPECT "\n7,Phantom,none,,,0\\.00,,C-4,rulings C-4")
# Escape sequences in names are shown, not obeyed (\e for ESC; "." stands for
# "[", which a CMake list cannot hold unbalanced); formula cells neutralised.
bmp_cli_test(NAME output_escapes ARGS award ${O}/hostile-names.json
             EXPECT "\\\\e.31mRed\\\\e.0m" "Hostile names \\\\e.2J" "Tab\\\\there")
bmp_cli_test(NAME output_csv_formula ARGS award ${O}/hostile-names.json --format csv
             EXPECT "1,\"'=HYPERLINK\\(\"\"http" "2,\"'@cmd" ",2,21\\.00,")
# One kind vocabulary: ABF's outright is kind overall with label outright.
bmp_cli_test(NAME output_kind_label ARGS award examples/abf/congress-teams.json --format json
             EXPECT "\"kind\": \"overall\",[ \n]*\"label\": \"outright\"")
# The content hash of a USEBIO file and of its JSON conversion agree.
add_test(NAME output_hash_convert
         COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:bridgemp>
                 -DIN=tests/data/usebio/example_pairs.xml
                 -DOUT=${CMAKE_CURRENT_BINARY_DIR}/hash_convert.json "-DOPTS=--body;abf;--grade;E"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/support/hash_convert.cmake
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# A player left out: ABF-16 (4.4.4), 50 % of the boards < 75 %: named in JSON and on stderr.
bmp_cli_test(NAME output_player_left_out ARGS award ${O}/abf-participation.json --format json
             EXPECT "\"rule\": \"ABF-16\",[ \n]*\"section\": \"4\\.4\\.4\",[ \n]*\"contestant\": \"1\",[ \n]*\"player\": \"1003\"")
bmp_cli_test(NAME output_player_left_out_table ARGS award ${O}/abf-participation.json
             EXPECT "bridgemp: no award: contestant 1, player 1003: .*played 50% < 75%.*ABF-16")
# NZ-28: 10 deals in circulation earn no C points; exit 0, or 4 with --fail-empty.
bmp_cli_test(NAME output_nzb_few_deals ARGS award ${O}/nzb-few-deals.json --format csv --fail-empty
             EXIT 4 EXPECT ",Short club session,none,event,,0\\.00,,NZ-28,Club Sessions A\\.2")
