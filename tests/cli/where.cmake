# Issue 43 item 3 (ruling U-49): an XML input's errors name its line and
# element, never a JSON path ("$.status", "$.params.x"), in validate's
# parameter check too (bmp_pipeline_check_params), for USEBIO and NZ Scorer.
set(WU tests/data/usebio)
set(WZ tests/data/nz-scorer)
# An event parameter of an XML input came from the options (the readers keep
# the file's own facts under dotted keys): said so, not as a JSON path.
bmp_cli_test(NAME where_usebio_validate_param ARGS validate ${WU}/abf_club_green.xml --body abf --grade E --set bogus=1
             EXIT 1 EXPECT "^bridgemp: tests/data/usebio/abf_club_green\\.xml: parameter bogus \\(given with set or the sidecar, not in the file\\): unknown ABF parameter \\(expected one of: note, route,")
bmp_cli_test(NAME where_nzscorer_validate_param ARGS validate ${WZ}/pairs.xml --set bogus=1
             EXIT 1 EXPECT "^bridgemp: tests/data/nz-scorer/pairs\\.xml: parameter bogus \\(given with set or the sidecar, not in the file\\): unknown NZB parameter \\(expected one of: field,")
# A JSON event keeps its JSON path: the path is the file's there.
bmp_cli_test(NAME where_json_validate_param ARGS validate examples/abf/club-pairs.json --set bogus=1
             EXIT 1 EXPECT "^bridgemp: examples/abf/club-pairs\\.json: \\$\\.params\\.bogus: unknown ABF parameter")
# validate's rules' check at the element (MASTER_POINT_SCALE, line 15).
bmp_cli_test(NAME where_usebio_validate_scale ARGS validate ${WU}/ebu_scale_unknown.xml --body ebu
             EXIT 1 EXPECT "^bridgemp: tests/data/usebio/ebu_scale_unknown\\.xml:15: /USEBIO/EVENT/MASTER_POINT_SCALE: expected the EBU status: club, district, county, regional or national \\(3\\.2\\)")
# NZ Scorer: the event reader's check of places at the <pair> and its line
# (it said "$.contestants[0].rankings[0].place" before), in every command.
bmp_cli_test(NAME where_nzscorer_validate_place ARGS validate tests/data/where/nz_place_overlap.xml
             EXIT 1 EXPECT "^bridgemp: tests/data/where/nz_place_overlap\\.xml:20: <pair>: contestant \"1NS\": place 1/2 overlaps place 2 of contestant \\[2\\] \\(ranking \"session 1 NS\"\\)\n$")
bmp_cli_test(NAME where_nzscorer_award_place ARGS award tests/data/where/nz_place_overlap.xml
             EXIT 1 EXPECT "nz_place_overlap\\.xml:20: <pair>: contestant \"1NS\": place 1/2 overlaps")
# The rules' check of the grade at the <session> (line 2), never "$.grade".
bmp_cli_test(NAME where_nzscorer_award_grade ARGS award ${WZ}/pairs.xml --grade 99Z
             EXIT 1 EXPECT "^bridgemp: tests/data/nz-scorer/pairs\\.xml:2: <session>: expected an NZ grade \\(25A, 20A")
# A player twice in an XML input: at the second contestant's element and its
# line (the event check names no path; it named no line before).  The USEBIO
# case also crashed before (usebio_where.c: a PAIR's PLAYER has no
# PLAYER_NUMBER, and the search for PAIR[3] read it).
bmp_cli_test(NAME where_usebio_player_twice ARGS validate tests/data/where/usebio_player_twice.xml --body abf --grade E
             EXIT 1 EXPECT "^bridgemp: tests/data/where/usebio_player_twice\\.xml:48: /USEBIO/EVENT/PARTICIPANTS/PAIR\\[3\\]: contestant \"3NS\": player 1044559 appears twice: contestant 1NS \\(position 1\\) player 1 and contestant 3NS \\(position 3\\) player 1")
bmp_cli_test(NAME where_nzscorer_player_twice ARGS award tests/data/where/nz_player_twice.xml
             EXIT 1 EXPECT "^bridgemp: tests/data/where/nz_player_twice\\.xml:24: <pair>: contestant \"2EW\": player 51234 appears twice: contestant 1NS \\(position 1\\) player 1 and contestant 2EW \\(position 5\\) player 1")
# Issue 45's players limit in an XML input: at the contestant's own element
# and its line (it named only "position 1" before).
bmp_cli_test(NAME where_usebio_players_limit ARGS validate tests/data/where/usebio_player_twice.xml --body abf --grade E --limits players=1
             EXIT 1 EXPECT "^bridgemp: tests/data/where/usebio_player_twice\\.xml:22: /USEBIO/EVENT/PARTICIPANTS/PAIR\\[1\\]: contestant \"1NS\": contestant 1NS \\(position 1\\) lists 2 players: a contestant has at most 1 players \\(the limit players=1, --limits\\)")
bmp_cli_test(NAME where_nzscorer_players_limit ARGS award tests/data/where/nz_player_twice.xml --limits players=1
             EXIT 1 EXPECT "^bridgemp: tests/data/where/nz_player_twice\\.xml:20: <pair>: contestant \"1NS\": contestant 1NS \\(position 1\\) lists 2 players: a contestant has at most 1 players")
