# Which stage of scripts/test.sh runs a test (issue 41: every stage once).
#
# LABELS plain: what only a plain build can show.  scripts/test.sh runs these
# in build-deb (the packages' Release build, `ctest -L plain`) and the rest of
# the suite once, under ASan + UBSan (`ctest -LE plain` in build-san): the
# Python module loads the shared library without a sanitizer's runtime, the
# exported-symbol checks need the version script and --no-undefined of a
# plain link, the embedding example and `award` loading no database client
# check what an installed library does, and the bench smoke runs exercise
# programs whose figures only mean something optimised.
set(BMP_PLAIN_TESTS
    exports_only_bmp exports_only_bmp_ledger award_loads_no_database_client embed_example
    prefix_internal prefix_catches_internal
    python_module python_example_award_usebio python_example_award_usebio_differs
    bench_python_quick)
foreach(t ${BMP_PLAIN_TESTS})
  if(TEST ${t})
    set_tests_properties(${t} PROPERTIES LABELS plain)
  endif()
endforeach()

# COST: the longest tests start first, so that `ctest -j` does not end on
# one of them running alone (a fresh clone has no Testing/CTestCostData.txt).
# Seconds under ASan + UBSan on the 2-core machine, roughly.
set(BMP_TEST_COSTS
    test_ledger_movein_100k_pg 300 python_module 70 cli_serve_backoffice 60
    cli_ledger_tamper_pg 60 test_ledger_bulk_pg 60 test_ledger_payments_pg 60
    test_engine_scale 45 cli_serve_browser 40 test_ledger_pg_pg 40 fault_io 40 fault_alloc 40
    cli_serve_register 30 test_pages_office_pg 30 cli_serve_accounts 25 test_ledger_batches_pg 25
    test_ledger_close_pg 25 test_ledger_accounts 20 test_pages_pg 20 test_ledger_movein_100k 20
    cli_serve_submit 15 test_ledger_crash 15)
while(BMP_TEST_COSTS)
  list(POP_FRONT BMP_TEST_COSTS t cost)
  if(TEST ${t})
    set_tests_properties(${t} PROPERTIES COST ${cost})
  endif()
endwhile()
