# The command line with files, pipes, batches and usage (issue 10): nothing
# lost, every failure a non-zero exit with the reason.
# Shell cases (redirections, pipes, cmp before/after): tests/cli/cli_files.sh.
foreach(case dev_full dev_full_output closed_pipe output_is_input credit_merge_into_input
             atomic_output stdin_json stdin_usebio bom utf16 bad_utf8 dev_zero too_large
             batch credit_dir strerror docs_list_commands completion)
  add_test(NAME cli_files_${case}
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_files.sh $<TARGET_FILE:bridgemp> ${case}
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endforeach()

# Usage: missing or contradictory options are exit 2 with the command's help.
bmp_cli_test(NAME usage_award_no_file ARGS award EXIT 2
             EXPECT "expected an event FILE" "usage: bridgemp award")
bmp_cli_test(NAME usage_output_and_dir ARGS award examples/ebu/club-pairs.json --output a
                  --output-dir b EXIT 2
             EXPECT "--output and --output-dir contradict each other" "usage: bridgemp award")
bmp_cli_test(NAME usage_mp_form_not_usebio ARGS award examples/ebu/club-pairs.json
                  --mp-form flat EXIT 2
             EXPECT "--mp-form applies to --format usebio only" "usage: bridgemp award")
bmp_cli_test(NAME usage_check_digit_not_credit ARGS award examples/ebu/club-pairs.json
                  --check-digit EXIT 2
             EXPECT "--check-digit applies to --format abf-credit only")
bmp_cli_test(NAME usage_explain_usebio ARGS award examples/ebu/club-pairs.json --format usebio
                  --explain EXIT 2
             EXPECT "--explain applies to --format table, json or csv only")
bmp_cli_test(NAME usage_to_on_award ARGS award examples/ebu/club-pairs.json --to json EXIT 2
             EXPECT "--to is not an option of award. its options: --format, --explain"
                    "usage: bridgemp award")
bmp_cli_test(NAME usage_explain_on_convert ARGS convert examples/ebu/club-pairs.json x.json
                  --explain EXIT 2
             EXPECT "--explain is not an option of convert. its options: --to, --body"
                    "usage: bridgemp convert")
bmp_cli_test(NAME usage_several_to_output ARGS award examples/ebu/club-pairs.json
                  examples/abf/club-pairs.json --output x.txt EXIT 2
             EXPECT "several inputs write several outputs: use --output-dir DIR")
bmp_cli_test(NAME usage_several_json_stdout ARGS award examples/ebu/club-pairs.json
                  examples/abf/club-pairs.json --format json EXIT 2
             EXPECT "several inputs to standard output only as tables")
bmp_cli_test(NAME usage_stdin_twice ARGS award - - EXIT 2
             EXPECT "standard input \\(-\\) can be read only once")
bmp_cli_test(NAME usage_stdin_and_sidecar ARGS award - --sidecar - EXIT 2
             EXPECT "not as both FILE and --sidecar" "usage: bridgemp award")
bmp_cli_test(NAME usage_credit_stdout ARGS award examples/abf/club-pairs.json
                  --format abf-credit --output - EXIT 2
             EXPECT "abf-credit writes files, not standard output")
bmp_cli_test(NAME usage_credit_dir_stdin ARGS award - --format abf-credit --output docs EXIT 2
             EXPECT "standard input \\(-\\) has no name: give --output PREFIX")
bmp_cli_test(NAME usage_max_input_bad ARGS award examples/ebu/club-pairs.json --max-input 12X
             EXIT 2 EXPECT "--max-input: expected a size such as 1048576, 512K, 256M or 2G")
bmp_cli_test(NAME usage_abf_rank_none ARGS abf-rank EXIT 2
             EXPECT "give the player's points")
bmp_cli_test(NAME usage_bodies_extra ARGS bodies acbl ebu EXIT 2
             EXPECT "unexpected argument \"ebu\"" "usage: bridgemp bodies")
bmp_cli_test(NAME usage_scale_missing_value ARGS scale acbl appendix-a --edition EXIT 2
             EXPECT "--edition needs a value" "usage: bridgemp scale")
bmp_cli_test(NAME usage_abf_rank_bad_value ARGS abf-rank --green lots EXIT 2
             EXPECT "expected masterpoints")
bmp_cli_test(NAME usage_validate_two ARGS validate a.json b.json EXIT 2
             EXPECT "expected exactly one event FILE" "usage: bridgemp validate")

# Every command has --help (exit 0, on standard output).
foreach(cmd award convert scale validate bodies credit rank)
  bmp_cli_test(NAME help_${cmd} ARGS ${cmd} --help EXPECT "usage: bridgemp ${cmd}")
endforeach()
bmp_cli_test(NAME help_abf-rank ARGS abf-rank --help EXPECT "usage: bridgemp rank abf")
bmp_cli_test(NAME help_award_exit_codes ARGS award --help
             EXPECT "Exit status: 0 every input computed" "--output-dir DIR" "--max-input SIZE"
                    "param \"field\"")

# ABF walk-in events: the field used is named in the derivation (4.1.1 NOTE,
# ABF-33).  9 pairs, walk-in tables T = min(12, 1.25 x 8) = 10: without
# params.field the field is 10 x 2 = 20 pairs, top half = 10 places paid;
# with --set field=16, 8 places.
bmp_cli_test(NAME abf_walkin_field_default ARGS award tests/data/cli/walkin.json --explain
             EXPECT "walk-in event: field 20 from the walk-in tables \\(params.field not set"
                    "10 place\\(s\\) paid of a field of 20")
bmp_cli_test(NAME abf_walkin_field_given ARGS award tests/data/cli/walkin.json --set field=16
                  --explain
             EXPECT "walk-in event: field 16 from params.field"
                    "8 place\\(s\\) paid of a field of 16")

# Credit files: --max-input and standard input (whose colour is unknown).
bmp_cli_test(NAME credit_max_input ARGS credit check --max-input 10 tests/data/abf_admin/appd.red
             EXIT 1 EXPECT "appd.red: larger than the input limit of 10 bytes")
bmp_cli_test(NAME credit_stdin_no_colour ARGS credit show - EXIT 1
             EXPECT "standard input: a credit file's colour comes from its extension")

# Batch exit codes: 3 when every failure is a rule not supported yet, 1 when
# any other failure is among them, 0 when all succeeded.
bmp_cli_test(NAME batch_all_not_supported
             ARGS award tests/data/ebu/green-pairs.json tests/data/ebu/green-pairs.json EXIT 3
             EXPECT "2 of 2 files failed \\(0 computed\\)" "not supported: EBU Green Point")
bmp_cli_test(NAME batch_mixed_failures
             ARGS award tests/data/ebu/green-pairs.json tests/data/bad/wrong-place.json
                  examples/ebu/club-pairs.json EXIT 1
             EXPECT "2 of 3 files failed \\(1 computed\\)" "wrong-place.json: \\$.contestants"
                    "==> examples/ebu/club-pairs.json <==")
bmp_cli_test(NAME help_via_help ARGS help credit EXPECT "usage: bridgemp credit check")
