# `bridgemp ledger`: each subcommand takes only its own options (one table
# of subcommands, src/cli/ledger); any other is a usage error (exit 2) that
# names it and the subcommand's options; every subcommand's --help is on
# standard output with exit 0.  No database is opened.
# ledger_streams(NAME name ARGS ... EXIT code OUT regex ERR regex)
function(ledger_streams)
  cmake_parse_arguments(T "" "NAME;EXIT;OUT;ERR" "ARGS" ${ARGN})
  list(JOIN T_ARGS "|" args)
  add_test(NAME cli_ledger_opts_${T_NAME}
           COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:bridgemp> "-DARGS=${args}"
                   -DEXIT=${T_EXIT} "-DOUT=${T_OUT}" "-DERR=${T_ERR}"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/streams.cmake
           WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
endfunction()

# Another subcommand's options: refused, naming the first and the valid ones.
ledger_streams(NAME verify_tour ARGS ledger verify --tour --fees x.csv --exempt EXIT 2 OUT "^$"
  ERR "^bridgemp ledger verify: --tour is not an option of verify; its options: --db, --who, --help\n$")
ledger_streams(NAME import_fees ARGS ledger import a.json --body abf --fees x.csv EXIT 2 OUT "^$"
  ERR "^bridgemp ledger import: --fees is not an option of import; its options: --db, --who, --body, --club, --status, --reason, --kind, --grade, --edition, --classification, --rating, --sidecar, --replaces, --usebio-status, --control, --strict-numbers, --help\n$")
ledger_streams(NAME close_rates ARGS ledger close 2025-07 --body abf --rates r.csv EXIT 2 OUT "^$"
  ERR "^bridgemp ledger close: --rates is not an option of close; its options: --db, --who, --body, --dry-run, --format, --help\n$")
ledger_streams(NAME player_add_fees ARGS ledger player add --body abf --name X --fees f.csv
  EXIT 2 OUT "^$" ERR "^bridgemp ledger player add: --fees is not an option of player add; its options: --db, --who, --body, --club, --number, --name, --status, --alternates, --overseas, --youth, --help\n$")
ledger_streams(NAME invoice_list_as ARGS ledger invoice list --body abf --as csv EXIT 2 OUT "^$"
  ERR "^bridgemp ledger invoice list: --as is not an option of invoice list; its options: --db, --who, --body, --output, --format, --help\n$")
ledger_streams(NAME invoice_run_format ARGS ledger invoice 3 --body abf --format csv EXIT 2
  OUT "^$" ERR "^bridgemp ledger invoice RUN: --format is not an option of invoice RUN")
ledger_streams(NAME report_batches_body ARGS ledger report batches --body abf EXIT 2 OUT "^$"
  ERR "^bridgemp ledger report batches: --body is not an option of report batches; its options: --db, --who, --state, --output, --format, --help\n$")
ledger_streams(NAME token_revoke_scope ARGS ledger token revoke 1 --scope x EXIT 2 OUT "^$"
  ERR "^bridgemp ledger token revoke: --scope is not an option of token revoke; its options: --db, --who, --help\n$")
# (generated from the ABF's levy spec, which has no --rate: NZ's levy has it;
# '.' for ';', which CMake would take for a list separator)
ledger_streams(NAME levy_fees ARGS ledger levy 2025-Q1 --body abf --fees f.csv EXIT 2 OUT "^$"
  ERR "--fees is not an option of levy. its options: --db, --who, --body, --reason, --dry-run, --output, --help\n$")
ledger_streams(NAME event_levy_exempt ARGS ledger event-levy 4 --body abf --tour --exempt EXIT 2
  OUT "^$" ERR "^bridgemp ledger event-levy: --exempt is not an option of event-levy")
ledger_streams(NAME gold_rates ARGS ledger gold 2025-01-01 --body ebu --rates r.csv EXIT 2
  OUT "^$" ERR "^bridgemp ledger gold: --rates is not an option of gold")
ledger_streams(NAME payment_record_tour ARGS ledger payment record --body abf --tour EXIT 2
  OUT "^$" ERR "^bridgemp ledger payment record: --tour is not an option of payment record")
# ... also with --help: the wrong option is still an error.
ledger_streams(NAME verify_tour_help ARGS ledger verify --tour --help EXIT 2 OUT "^$"
  ERR "--tour is not an option of verify")
# An option no subcommand has: not an option of the subcommand either; before
# any subcommand, an unknown option (it might have taken the next word).
ledger_streams(NAME unknown_option ARGS ledger verify --colour red EXIT 2 OUT "^$"
  ERR "^bridgemp ledger verify: --colour is not an option of verify. its options: --db, --who, --head, --since, --help\n$")
ledger_streams(NAME unknown_option_first ARGS ledger --colour red verify EXIT 2 OUT "^$"
  ERR "^bridgemp ledger: unknown option \"--colour\"\n\nusage: bridgemp ledger")
# The global options are everyone's.
ledger_streams(NAME global_help ARGS ledger verify --db x.db --who clerk --help EXIT 0
  OUT "^usage: bridgemp ledger verify \\[--head N:HASH\\] \\[--since N:HASH\\]\n" ERR "^$")

# Unknown subcommands, and groups without a (known) member: usage, exit 2.
ledger_streams(NAME unknown_command ARGS ledger frobnicate --body abf EXIT 2 OUT "^$"
  ERR "^bridgemp ledger: unknown command \"frobnicate\". commands: init, player, club, import, .*, dump, .*, audit, gold, .*\n\nusage: bridgemp ledger")
ledger_streams(NAME unknown_member ARGS ledger player frobnicate --body abf EXIT 2 OUT "^$"
  ERR "^bridgemp ledger player: unknown command \"frobnicate\". its commands: add, export, import, duplicates, merge, unmerge\n\nusage: bridgemp ledger player add")
# ... also with --help: the unknown word is the answer (issue 41 item 4).
ledger_streams(NAME unknown_member_help ARGS ledger player frobnicate --help EXIT 2 OUT "^$"
  ERR "^bridgemp ledger player: unknown command \"frobnicate\". its commands: add, export, import, duplicates, merge, unmerge\n")
ledger_streams(NAME no_member ARGS ledger report EXIT 2 OUT "^$"
  ERR "^usage: bridgemp ledger report statement")
ledger_streams(NAME too_many ARGS ledger close 2025-07 2025-08 --body abf EXIT 2 OUT "^$"
  ERR "^usage: bridgemp ledger close PERIOD")
ledger_streams(NAME no_args ARGS ledger EXIT 2 OUT "^$" ERR "^usage: bridgemp ledger \\[--db FILE\\]")

# Every subcommand's help (and each group's) on standard output, exit 0.
# (each its own usage line; a group's is its members')
set(helps
  "init|init" "player|player add" "player add|player add" "player import|player import FILE"
  "player export|player export" "club|club add" "club add|club add" "club import|club import FILE"
  "club export|club export" "import|import FILE" "batches|batches" "approve|approve"
  "reject|reject" "correct|correct" "close|close" "release|release" "expire|expire"
  "verify|verify" "dump|dump" "report|report statement" "report statement|report statement"
  "report club|report club CLUB" "report promotions|report promotions"
  "report top|report top" "report batches|report batches" "token|token create"
  "token create|token create" "token list|token list" "token revoke|token revoke ID"
  "convert|convert" "capitation|capitation" "members|members" "grade|grade" "levy|levy"
  "cancel|cancel" "affiliated|affiliated" "daily|daily" "b4c|b4c" "charges|charges"
  "fees|fees" "invoice|invoice RUN" "invoice 7|invoice RUN" "invoice list|invoice list"
  "invoice show|invoice show NUMBER" "invoice credit|invoice credit NUMBER" "annual|annual"
  "gradings|gradings" "payment|payment record" "payment record|payment record"
  "payment list|payment list" "balances|balances DATE" "overdue|overdue"
  "event-levy|event-levy" "certificates|certificates" "gold|gold" "ums|ums"
  "licences|licences" "user|user add" "user role|user role add|remove NAME ROLE"
  "batch|batch show ID" "batch show|batch show ID" "accept-carried|accept-carried ID")
foreach(h ${helps})
  string(REPLACE "|" ";" h "${h}")
  list(GET h 0 cmd)
  list(GET h 1 usage)
  string(REPLACE " " ";" words "${cmd}")
  string(MAKE_C_IDENTIFIER "${cmd}" id)
  ledger_streams(NAME help_${id} ARGS ledger ${words} --help EXIT 0
    OUT "^usage: bridgemp ledger ${usage}" ERR "^$")
endforeach()

# issue 41 item 4: the ledger's help lists every subcommand, dump's help is
# its own (it printed verify's).
ledger_streams(NAME help_lists_dump ARGS ledger --help EXIT 0 ERR "^$"
  OUT "\n  dump +every table's rows as text")
ledger_streams(NAME dump_own_help ARGS ledger dump --help EXIT 0 ERR "^$"
  OUT "^usage: bridgemp ledger dump\n\nPrint every table's rows")
