# The Python module (python/bridgemp, issue 31): its pytest suite
# (tests/python) and the example a back office would write
# (examples/python), run by Debian's /usr/bin/python3 (python3-pytest from
# scripts/deps.sh) over the shared libbridgemp of this build.
#
# Not under the sanitizers: an ASan or TSan libbridgemp loads into python
# only with the sanitizer's runtime preloaded (LD_PRELOAD), and python's own
# allocations would then be reported as leaks.
if(BMP_SANITIZE OR BMP_TSAN)
  return()
endif()
set(BMP_PY_ENV ${CMAKE_COMMAND} -E env
    BRIDGEMP_LIBRARY=$<TARGET_FILE:bmp_shared>
    BRIDGEMP_SONAME=$<TARGET_SONAME_FILE_NAME:bmp_shared>
    BRIDGEMP_CLI=$<TARGET_FILE:bridgemp>
    PYTHONPATH=${CMAKE_SOURCE_DIR}/python
    PYTHONDONTWRITEBYTECODE=1)
# awards equal the CLI's JSON for every example, errors, 8 threads, no leak
# over 10,000 calls, rank, parameter spec, loading (only the engine library)
add_test(NAME python_module
         COMMAND ${BMP_PY_ENV} /usr/bin/python3 -m pytest -q -p no:cacheprovider tests/python
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(python_module PROPERTIES TIMEOUT 1200)
# examples/python/award_usebio.py: a file whose MASTER_POINTS agree (exit
# 0), and one whose do not (tests/data/usebio/example_pairs.xml carries
# illustrative points for a 3-table session that earns none, ABF-14: exit 1)
add_test(NAME python_example_award_usebio
         COMMAND ${BMP_PY_ENV} ${CMAKE_COMMAND} -DBIN=/usr/bin/python3
                 "-DARGS=examples/python/award_usebio.py;examples/python/club-pairs.xml;--grade;E"
                 "-DEXPECT=Club Monday Pairs \\(grade E, 10-table Mitchell\\) \\(2025-08-04\\), ABF;\n +1002  Player 2 +0\\.30 green\n;the file's points agree"
                 -DEXIT=0 -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/run.cmake
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
add_test(NAME python_example_award_usebio_differs
         COMMAND ${BMP_PY_ENV} ${CMAKE_COMMAND} -DBIN=/usr/bin/python3
                 "-DARGS=examples/python/award_usebio.py;tests/data/usebio/example_pairs.xml;--grade;E"
                 "-DEXPECT=no award: NS: 3 table\\(s\\), fewer than 4;310425  ANNE ARCHER +nothing   the file says 0\\.20 green;8 player\\(s\\) differ"
                 -DEXIT=1 -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/run.cmake
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
# bench/python/award.py end to end at a small size (no timing asserts)
add_test(NAME bench_python_quick
         COMMAND ${BMP_PY_ENV} /usr/bin/python3 bench/python/award.py --rounds 2 --repeat 1
                 --award-calls $<TARGET_FILE:award_calls>
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(bench_python_quick PROPERTIES PASS_REGULAR_EXPRESSION "ratio Python / C: [0-9.]+")
# `pip install ./python` in a fresh virtualenv (issue 44: python/pyproject.toml)
add_test(NAME python_pip_install
         COMMAND sh tests/python/pip_install.sh ${CMAKE_CURRENT_BINARY_DIR}/pip-install
                 $<TARGET_FILE:bmp_shared>
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(python_pip_install PROPERTIES
                     PASS_REGULAR_EXPRESSION "pip install: bridgemp [0-9]+\\.[0-9]+\\.[0-9]+ from ")
