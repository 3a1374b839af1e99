# `ledger backup` and `ledger restore` (issue 27, item 4): backups during
# imports and serving, a stale raw copy caught by its head, restore's
# refusals and replace (tests/cli/ledger/backup.sh); PostgreSQL's
# pg_dump / pg_restore procedure (tests/cli/ledger/pg-backup.sh, skipped
# without the test cluster).
add_test(NAME cli_ledger_backup
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/backup.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-backup
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_backup PROPERTIES
                     PASS_REGULAR_EXPRESSION "ledger backup: all checks passed" TIMEOUT 120)
add_test(NAME cli_ledger_backup_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-backup.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-backup-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_backup_pg PROPERTIES SKIP_RETURN_CODE 77
                     TIMEOUT 120)
bmp_cli_test(NAME ledger_backup_help ARGS ledger backup --help EXPECT "usage: bridgemp ledger")
bmp_cli_test(NAME ledger_restore_needs_target ARGS ledger restore x.db EXIT 2
             EXPECT "restore FILE --ledger TARGET")
# Names and texts checked at the door (issue 27, item 5): the CLI and the API
# on SQLite and PostgreSQL (tests/cli/ledger/text_door.sh).
add_test(NAME cli_ledger_text_door
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/text_door.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-text-door
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_text_door PROPERTIES
                     PASS_REGULAR_EXPRESSION "ledger text door: all checks passed" TIMEOUT 120)
add_test(NAME cli_ledger_text_door_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh text_door $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/ledger-text-door-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_text_door_pg PROPERTIES SKIP_RETURN_CODE 77
                     PASS_REGULAR_EXPRESSION "ledger text door: all checks passed" TIMEOUT 120)
