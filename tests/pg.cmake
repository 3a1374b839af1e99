# The ledger suite on PostgreSQL too (issue 12): every ledger test that goes
# through the public API runs a second time as <name>_pg with
# BMP_TEST_BACKEND=postgresql, each test case in a new database of the
# cluster scripts/test.sh starts (scripts/pg-cluster.sh, BMP_TEST_PG).
# Without a cluster the twins are skipped (exit 77), never failed.
foreach(kind internal public)
  target_link_libraries(bmp_test_support_${kind} PUBLIC PkgConfig::PQ)
endforeach()
foreach(t test_ledger_registry test_ledger_batches test_ledger_close test_ledger_bulk
          test_ledger_pg)
  add_test(NAME ${t}_pg COMMAND ${t})
  set_tests_properties(${t}_pg PROPERTIES ENVIRONMENT "BMP_TEST_BACKEND=postgresql"
                                          SKIP_RETURN_CODE 77 RESOURCE_LOCK postgresql)
endforeach()
