# Parameter specs (bridgemp params BODY) and validate running the body's checks.
bmp_cli_test(NAME params_acbl ARGS params acbl
             EXPECT "level +name +type +values +default +unit +rule +meaning"
                    "contestant +playoff +bool +false +ACBL-35/43 +KO: won a playoff for this place"
                    "group +flight +string +A, B ")
bmp_cli_test(NAME params_ebu_json ARGS params ebu --format json
             EXPECT "\"body\": \"ebu\"" "\"name\": \"stage\""
                    "\"values\": \\[[^]]*\"later-qualifying\"" "\"group\": \\[\\]")
bmp_cli_test(NAME params_abf_markdown ARGS params abf --format markdown
             EXPECT "<!-- params:abf begin" "\\| player \\| `pqp_share` \\| number \\| 0 to 1 \\|")
bmp_cli_test(NAME params_nzb ARGS params nz EXPECT "match +home_lineup +string" "NZB takes no contestant parameters")
bmp_cli_test(NAME params_unknown_body ARGS params wbf EXIT 2 EXPECT "unknown body \"wbf\" \\(known: acbl, ebu, abf, nzb\\)")
bmp_cli_test(NAME params_no_body ARGS params EXIT 2 EXPECT "expected BODY \\(acbl, ebu, abf, nzb\\)")
bmp_cli_test(NAME params_bad_format ARGS params acbl --format xml EXIT 2
             EXPECT "expected table, json or markdown, got \"xml\"")
bmp_cli_test(NAME params_help ARGS params --help EXPECT "usage: bridgemp params BODY")

# The issue's case: a misspelt ACBL contestant parameter was silently ignored.
bmp_cli_test(NAME validate_acbl_playof ARGS validate tests/data/params/acbl-ko-playof.json EXIT 1
             EXPECT "acbl-ko-playof.json: \\$.contestants\\[1\\].params.playof: unknown ACBL parameter \\(expected one of: rounds_advanced, playoff, forfeited, team_mp, multiway_full, multiway_half, eligible\\)")
bmp_cli_test(NAME award_acbl_playof ARGS award tests/data/params/acbl-ko-playof.json EXIT 1
             EXPECT "\\$.contestants\\[1\\].params.playof: unknown ACBL parameter")
bmp_cli_test(NAME validate_ebu_mistyped ARGS validate tests/data/params/ebu-major-string.json EXIT 1
             EXPECT "ebu-major-string.json: \\$.params.major: expected true or false \\(EBU-13\\)")
bmp_cli_test(NAME validate_ebu_bad_value ARGS validate tests/data/params/ebu-stage-finals.json EXIT 1
             EXPECT "\\$.params.stage: expected basic, qualifying, final, later-qualifying or consolation \\(EBU-36\\), got \"finals\"")
# The body's own validation, run by validate (not only the JSON format).
bmp_cli_test(NAME validate_abf_no_grade ARGS validate tests/data/params/abf-no-grade.json EXIT 1
             EXPECT "abf-no-grade.json: \\$.grade: missing required field for ABF awards")
bmp_cli_test(NAME validate_nzb_no_grade ARGS validate tests/data/params/nzb-no-grade.json EXIT 1
             EXPECT "nzb-no-grade.json: \\$.grade: expected an NZ grade")
bmp_cli_test(NAME validate_not_supported ARGS validate tests/data/ebu/green-pairs.json EXIT 3
             EXPECT "green-pairs.json: not supported: EBU Green Point events")

# Every example validates, body checks included.
file(GLOB BMP_PARAM_EXAMPLES RELATIVE ${CMAKE_SOURCE_DIR} CONFIGURE_DEPENDS
     ${CMAKE_SOURCE_DIR}/examples/*/*.json)
foreach(ex ${BMP_PARAM_EXAMPLES})
  string(REGEX REPLACE "[/.]" "_" tname "${ex}")
  bmp_cli_test(NAME validate_${tname} ARGS validate ${ex} EXPECT "valid [a-z]+ event" "[0-9]+ awards")
endforeach()

# The spec agrees with the code that reads params and with docs/event-format.md.
add_test(NAME params_spec_sync
         COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:bridgemp> -DSRC=${CMAKE_SOURCE_DIR}
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/params_sync.cmake)
