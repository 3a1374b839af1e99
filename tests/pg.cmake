# The ledger suite on PostgreSQL too (issue 12): every ledger test that goes
# through the public API runs a second time as <name>_pg with
# BMP_TEST_BACKEND=postgresql, each test case in a new database of the
# cluster scripts/test.sh starts (scripts/pg-cluster.sh, BMP_TEST_PG).
# Without a cluster the twins are skipped (exit 77), never failed.
# Each twin works in databases of its own, so the twins run in parallel
# (no RESOURCE_LOCK, issue 41): the one test that stops its server
# (test_ledger_pg_pg, pg_ctl stop -m immediate) gets a cluster of its own
# (scripts/pg-own-cluster.sh).
foreach(kind internal public)
  target_link_libraries(bmp_test_support_${kind} PUBLIC PkgConfig::PQ)
endforeach()
foreach(t test_ledger_registry test_ledger_batches test_ledger_close test_ledger_bulk
          test_ledger_pg test_ledger_charges test_ledger_convert test_ledger_tokens
          test_pages test_pages_glance test_pages_one_number test_pages_office test_pages_register test_ledger_invoice test_ledger_nz_fees test_ledger_ebu_admin
          test_ledger_payments test_ledger_certificates test_ledger_runs
          test_ledger_import_memory test_ledger_one_event test_ledger_secretary
          test_ledger_club_file test_ledger_carried test_ledger_backup
          test_ledger_text_door test_ledger_publish test_ledger_invoice_out
          test_ledger_journal_bound test_ledger_register
          test_ledger_opening test_ledger_merge test_ledger_movein_100k
          test_ledger_chain test_ledger_accounts test_ledger_preview
          test_ledger_changed test_ledger_region test_srv_pool test_ledger_player_card
          test_ledger_numbers test_ledger_schema test_ledger_register_kept)
  if(t STREQUAL test_ledger_pg)
    add_test(NAME ${t}_pg COMMAND sh ${CMAKE_SOURCE_DIR}/scripts/pg-own-cluster.sh $<TARGET_FILE:${t}>)
  else()
    add_test(NAME ${t}_pg COMMAND ${t})
  endif()
  # the session key (issue 45) of the twins' PostgreSQL ledgers: a file of
  # the build tree, not ~/.bridgemp-session.key
  set_tests_properties(${t}_pg PROPERTIES ENVIRONMENT
                       "BMP_TEST_BACKEND=postgresql;BRIDGEMP_KEY_FILE=${CMAKE_CURRENT_BINARY_DIR}/pg-session.key"
                       SKIP_RETURN_CODE 77)
endforeach()
# The CLI too: the ledger steps and the README's demo on a PostgreSQL database.
add_test(NAME cli_ledger_steps_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh steps
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/ledger-steps-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME cli_ledger_demo_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh demo
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/ledger-demo-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_steps_pg cli_ledger_demo_pg PROPERTIES SKIP_RETURN_CODE 77)
set_tests_properties(cli_ledger_demo_pg PROPERTIES
                     PASS_REGULAR_EXPRESSION "ledger verified: audit chain, control totals and holdings agree")
# `bridgemp serve` on PostgreSQL: the player search answers as on SQLite (issue 30).
add_test(NAME cli_serve_harden_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh serve_harden
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/serve-harden-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_serve_harden_pg PROPERTIES SKIP_RETURN_CODE 77
                     PASS_REGULAR_EXPRESSION "serve hardening: all checks passed" TIMEOUT 180)
# The response cache on PostgreSQL: the audit chain's head is the change
# counter (tests/cli/serve/cache.py, ruling W-9).
add_test(NAME cli_serve_cache_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh serve_cache
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/serve-cache-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_serve_cache_pg PROPERTIES SKIP_RETURN_CODE 77
                     PASS_REGULAR_EXPRESSION "serve cache: all checks passed" TIMEOUT 180)
# The EBU's ledger runs' CLI steps (tests/cli/ledger_ebu/steps.sh: UMS with
# its --dry-run, invoice, licences, Gold) on a PostgreSQL ledger (issue 44).
add_test(NAME cli_ledger_ebu_steps_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh ebu_steps
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/ledger-ebu-steps-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_ledger_ebu_steps_pg PROPERTIES SKIP_RETURN_CODE 77
                     PASS_REGULAR_EXPRESSION "ebu ledger steps passed")
# The charge runs with their rate files, previewed then made, in a browser
# (tests/cli/serve/charges_rates.py, issue 44) on a PostgreSQL ledger.
add_test(NAME cli_serve_charges_rates_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh serve_charges_rates
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/serve-charges-rates-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_serve_charges_rates_pg PROPERTIES SKIP_RETURN_CODE 77
                     PASS_REGULAR_EXPRESSION "serve charge rates: all checks passed" TIMEOUT 300)
# The REST API's checks (tests/cli/serve/api.sh) on a PostgreSQL ledger (issue 26: uploads,
# replaces=, 403 across clubs, held carried points, on both backends).
add_test(NAME cli_serve_api_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh serve_api
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/serve-api-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_serve_api_pg PROPERTIES SKIP_RETURN_CODE 77
                     PASS_REGULAR_EXPRESSION "serve API: all checks passed" TIMEOUT 240)
# The server under attack (tests/cli/serve/hold.py, issue 45) on a PostgreSQL ledger.
add_test(NAME cli_serve_hold_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh serve_hold
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/serve-hold-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_serve_hold_pg PROPERTIES SKIP_RETURN_CODE 77
                     PASS_REGULAR_EXPRESSION "serve hold: all checks passed" TIMEOUT 240)
# What one client gets (tests/cli/serve/bounds.py, issue 45) on a PostgreSQL ledger.
add_test(NAME cli_serve_bounds_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh serve_bounds
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/serve-bounds-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_serve_bounds_pg PROPERTIES SKIP_RETURN_CODE 77
                     PASS_REGULAR_EXPRESSION "serve bounds: all checks passed" TIMEOUT 240)
# Accounts, sessions and CSRF (tests/cli/serve/accounts.py, issue 29) on a PostgreSQL ledger.
add_test(NAME cli_serve_accounts_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh serve_accounts
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/serve-accounts-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_serve_accounts_pg PROPERTIES SKIP_RETURN_CODE 77
                     PASS_REGULAR_EXPRESSION "serve accounts: all checks passed" TIMEOUT 300)
# Issue 29's back office API (tests/cli/serve/subapi.py) on a PostgreSQL ledger: the
# preview's dry run, the queue's GROUP BY, a club's batches, close and reopen.
add_test(NAME cli_serve_subapi_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh serve_subapi
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/serve-subapi-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_serve_subapi_pg PROPERTIES SKIP_RETURN_CODE 77
                     PASS_REGULAR_EXPRESSION "serve back office API: all checks passed"
                     TIMEOUT 240)
# The register in the back office (tests/cli/serve/register.py) on a PostgreSQL
# ledger: the edit through the register import's code, release, merge, unmerge.
add_test(NAME cli_serve_register_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh serve_register
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/serve-register-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_serve_register_pg PROPERTIES SKIP_RETURN_CODE 77
                     PASS_REGULAR_EXPRESSION "serve register: all checks passed" TIMEOUT 300)
# The API v1 checks (tests/cli/serve/api_v1.py, issue 30 item 3) on a PostgreSQL ledger:
# the rank at a date summed from the journal by the same SQL on both backends.
add_test(NAME cli_serve_api_v1_pg
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/ledger/pg-twin.sh serve_api_v1
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/serve-api-v1-pg
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_serve_api_v1_pg PROPERTIES SKIP_RETURN_CODE 77
                     PASS_REGULAR_EXPRESSION "serve API v1: all checks passed" TIMEOUT 180)
# The club's submission pages (issue 29 item 3) on a PostgreSQL ledger.
add_test(NAME test_pages_submit_pg COMMAND test_pages_submit)
set_tests_properties(test_pages_submit_pg PROPERTIES ENVIRONMENT "BMP_TEST_BACKEND=postgresql"
                     SKIP_RETURN_CODE 77)
# Issue 45: the session key of the PostgreSQL twins' ledgers is a file of the
# build tree (BRIDGEMP_KEY_FILE), never the default ~/.bridgemp-session.key.
foreach(t cli_ledger_steps_pg cli_ledger_demo_pg cli_serve_harden_pg cli_serve_cache_pg
          cli_serve_api_pg cli_serve_accounts_pg cli_serve_subapi_pg cli_serve_register_pg
          cli_serve_api_v1_pg test_pages_submit_pg)
  set_property(TEST ${t} APPEND PROPERTY ENVIRONMENT
               "BRIDGEMP_KEY_FILE=${CMAKE_CURRENT_BINARY_DIR}/pg-session.key")
endforeach()
