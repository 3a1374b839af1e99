# `bridgemp serve` (issue 14): API tests with curl against a server on a
# free port over the demo ledger (tests/cli/serve/api.sh); also under ASan.
bmp_cli_test(NAME serve_help ARGS serve --help EXPECT "usage: bridgemp serve")
bmp_cli_test(NAME ledger_token_help ARGS ledger token --help EXPECT "usage: bridgemp ledger token")
bmp_cli_test(NAME serve_bad_listen ARGS serve --listen nowhere EXIT 2 EXPECT "expected HOST:PORT")
add_test(NAME cli_serve_api
         COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/serve/api.sh $<TARGET_FILE:bridgemp>
                 ${CMAKE_CURRENT_BINARY_DIR}/serve-api
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# (300 s: it took 102 s alone, and timed out at 120 s in a full ctest -j2,
# on a 2-core machine at a load average of 15-20; 37 s when quieter)
set_tests_properties(cli_serve_api PROPERTIES PASS_REGULAR_EXPRESSION "serve API: all checks passed"
                     TIMEOUT 300)
# The pages in a real browser: headless Chromium through chromedriver
# (tests/cli/serve/browser.py): search -> player -> chart -> club page, an
# upload through the API and the batch page's approve form.
add_test(NAME cli_serve_browser
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/serve/browser.py
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/serve-browser
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_serve_browser PROPERTIES
                     PASS_REGULAR_EXPRESSION "serve browser: all checks passed" TIMEOUT 180)
# A server one client cannot stall (issue 30, tests/cli/serve/harden.py):
# limits per address, the request deadline, ambiguous framing, --port-file,
# kill -9, the player search and /batches pages; a PostgreSQL twin in
# tests/pg.cmake.
add_test(NAME cli_serve_harden
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/serve/harden.py
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/serve-harden
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_serve_harden PROPERTIES
                     PASS_REGULAR_EXPRESSION "serve hardening: all checks passed" TIMEOUT 120)
# The response cache (issue 30 item 5, tests/cli/serve/cache.py): answers
# served again, fresh after a write by the CLI or through the API, never for
# a request with credentials; a PostgreSQL twin in tests/pg.cmake.
add_test(NAME cli_serve_cache
         COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/serve/cache.py
                 $<TARGET_FILE:bridgemp> ${CMAKE_CURRENT_BINARY_DIR}/serve-cache
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(cli_serve_cache PROPERTIES
                     PASS_REGULAR_EXPRESSION "serve cache: all checks passed" TIMEOUT 120)
