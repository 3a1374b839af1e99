# `bridgemp ledger NAME --body B` for the bodies' runs: the subcommands are
# generated from each body's table (include/bridgemp/ledger_runs.h,
# src/cli/ledger/cmd_ledger_runs.c; issue 32 item 2).  No database is
# opened.  Regexes avoid ';' (a CMake list separator): '.' stands for it.
function(ledger_run_streams)
  cmake_parse_arguments(T "" "NAME;EXIT;OUT;ERR" "ARGS" ${ARGN})
  list(JOIN T_ARGS "|" args)
  add_test(NAME cli_ledger_runs_${T_NAME}
           COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:bridgemp> "-DARGS=${args}"
                   -DEXIT=${T_EXIT} "-DOUT=${T_OUT}" "-DERR=${T_ERR}"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/streams.cmake
           WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
endfunction()

# `bridgemp ledger --help` lists every body's runs (from the tables), after
# the core's commands.
ledger_run_streams(NAME list_abf ARGS ledger --help EXIT 0 ERR "^$"
  OUT "\n  audit +the audit log .*\nruns of --body ebu .*\nruns of --body abf \\(Australian Bridge Federation\\):\n  capitation YEAR +the annual capitation .*\\(ABF-111\\)\n  members YEAR .*\n  grade ID GRADE .*\n  levy QUARTER .*\\(ABF-110\\)\n  cancel YEAR FILE.csv .*\n  affiliated CLUB DATE .*\n  daily DATE .*\n  b4c PERIOD .*\n  overdue DATE .*\\(ABF-114\\)\n  event-levy BATCH .*\\(ABF-116\\)\n  certificates PERIOD .*\\(ABF-88\\)\n")
ledger_run_streams(NAME list_ebu ARGS ledger --help EXIT 0 ERR "^$"
  OUT "\nruns of --body ebu \\(English Bridge Union\\):\n  gold DATE .*\\(EBU-3\\)\n  ums MONTH .*\\(EBU-17\\)\n  licences MONTH .*\\(EBU-26\\)\n")
ledger_run_streams(NAME list_nzb ARGS ledger --help EXIT 0 ERR "^$"
  OUT "\nruns of --body nzb \\(NZ Bridge\\):\n  fees MONTH .*\\(NZ-96\\)\n  levy PERIOD .*\\(NZ-97\\)\n  annual YEAR .*\n  gradings YEAR .*\n  expire +cancel expired .*\\(NZ-87\\)\n  certificates PERIOD .*\\(NZ-99\\)\n")
# Every run listed: its --help (with its body) exits 0 with its usage line,
# doc and rule (tests/cli/ledger_runs/help.sh).
add_test(NAME cli_ledger_runs_every_help
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger_runs/help.sh $<TARGET_FILE:bridgemp>)
set_tests_properties(cli_ledger_runs_every_help PROPERTIES
                     PASS_REGULAR_EXPRESSION "every run's help: [0-9]+ runs")

# The help of one body's run: generated from its spec (usage with the
# arguments and options, the doc, the rule, each option's doc).
ledger_run_streams(NAME help_ums ARGS ledger ums --body ebu --help EXIT 0 ERR "^$"
  OUT "^usage: bridgemp ledger ums MONTH --body ebu --rates RATES.csv \\[--exemptions FILE.csv\\] \\[--output FILE.csv\\] \\[--reason R\\] \\[--dry-run\\]\n\nums \\(EBU-17\\): the UMS charge run of MONTH.*\n  --rates RATES.csv +from,code,session: cents per player-session by UMS code \\(required\\)\n  --exemptions FILE.csv +batch,exemption,note")
ledger_run_streams(NAME help_levy_nz ARGS ledger levy --body NZ --help EXIT 0 ERR "^$"
  OUT "^usage: bridgemp ledger levy PERIOD --body nzb --rate CENTS \\[--output FILE.csv\\] \\[--reason R\\] \\[--dry-run\\]\n")
# Without --body, the run's help of every body that has it.
ledger_run_streams(NAME help_levy_all ARGS ledger levy --help EXIT 0 ERR "^$"
  OUT "^usage: bridgemp ledger levy QUARTER --body abf \\[--output FILE.csv\\] \\[--reason R\\] \\[--dry-run\\]\n.*\nusage: bridgemp ledger levy PERIOD --body nzb --rate CENTS")

# A charge run takes an optional --reason, kept in its audit entry (issue
# 29); a table or text run takes none.
ledger_run_streams(NAME help_capitation_reason ARGS ledger capitation --body abf --help EXIT 0
  ERR "^$" OUT "\n  --reason R +why the run is made, kept in its audit entry\n")
ledger_run_streams(NAME members_reason ARGS ledger members 2026 --body abf --reason x EXIT 2
  OUT "^$" ERR "^bridgemp ledger members: --reason is not an option of members. its options: --db, --who, --body, --output, --format, --help\n$")

# Each run takes only its own spec's options (and --db --who --body, and
# --output/--format as its output says): another run's option is a usage
# error naming the valid ones.  The ABF's levy has no --rate (NZ's has).
ledger_run_streams(NAME levy_abf_rate ARGS ledger levy 2025-Q1 --body abf --rate 5 EXIT 2
  OUT "^$" ERR "^bridgemp ledger levy: --rate is not an option of levy. its options: --db, --who, --body, --reason, --dry-run, --output, --help\n$")
ledger_run_streams(NAME levy_nz_tour ARGS ledger levy 2025 --body nzb --rate 5 --tour EXIT 2
  OUT "^$" ERR "^bridgemp ledger levy: --tour is not an option of levy. its options: --db, --who, --body, --rate, --reason, --dry-run, --output, --help\n$")
ledger_run_streams(NAME ums_fees ARGS ledger ums 2025-03 --body ebu --rates r.csv --fees f.csv
  EXIT 2 OUT "^$" ERR "^bridgemp ledger ums: --fees is not an option of ums. its options: --db, --who, --body, --rates, --exemptions, --reason, --dry-run, --output, --help\n$")
ledger_run_streams(NAME annual_output ARGS ledger annual 2025 --body nzb --output x.csv EXIT 2
  OUT "^$" ERR "^bridgemp ledger annual: --output is not an option of annual. its options: --db, --who, --body, --help\n$")
ledger_run_streams(NAME gold_format ARGS ledger gold 2025-01-01 --body ebu --as csv EXIT 2
  OUT "^$" ERR "^bridgemp ledger gold: --as is not an option of gold. its options: --db, --who, --body, --number, --output, --format, --help\n$")

# A run the named body does not have: the library's words, naming its runs.
ledger_run_streams(NAME wrong_body ARGS ledger capitation 2025 --body ebu EXIT 2 OUT "^$"
  ERR "^bridgemp ledger: the EBU has no capitation run. its runs: gold, ums, licences\n$")
ledger_run_streams(NAME wrong_body_help ARGS ledger fees --body abf --help EXIT 2 OUT "^$"
  ERR "^bridgemp ledger: the ABF has no fees run. its runs: capitation, members, grade, levy, cancel, affiliated, daily, b4c, overdue, event-levy, certificates\n$")
ledger_run_streams(NAME no_runs ARGS ledger gold 2025-01-01 --body acbl EXIT 2 OUT "^$"
  ERR "^bridgemp ledger: the ACBL has no gold run. it has no administration runs\n$")

# Usage errors before the ledger is opened: no --body, the wrong number of
# arguments, a required option missing, a value its placeholder refuses.
ledger_run_streams(NAME no_body ARGS ledger capitation 2025 EXIT 2 OUT "^$"
  ERR "^usage: bridgemp ledger capitation YEAR --body abf")
ledger_run_streams(NAME too_many ARGS ledger gold 2025-01-01 2025-02-01 --body ebu EXIT 2
  OUT "^$" ERR "^usage: bridgemp ledger gold DATE --body ebu")
ledger_run_streams(NAME no_rate ARGS ledger levy 2025 --body nzb EXIT 2 OUT "^$"
  ERR "^usage: bridgemp ledger levy PERIOD --body nzb --rate CENTS")
ledger_run_streams(NAME bad_year ARGS ledger --db none.db annual 20x5 --body nzb EXIT 2 OUT "^$"
  ERR "^usage: bridgemp ledger annual YEAR --body nzb\n")
ledger_run_streams(NAME bad_rate ARGS ledger --db none.db levy 2025 --body nzb --rate 5.5 EXIT 2
  OUT "^$" ERR "^bridgemp ledger levy: --rate: expected a whole number \\(CENTS\\), got \"5.5\"\n$")
ledger_run_streams(NAME bad_as ARGS ledger --db none.db certificates 2025-08 --body nzb --as pdf
  EXIT 2 OUT "^$" ERR "^bridgemp ledger certificates: --as: expected html, csv or json, got \"pdf\"\n$")
