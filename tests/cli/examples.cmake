# Every example event computes (ACBL, ABF, EBU) or, for bodies not implemented
# yet (NZ), answers "not supported" with exit code 3.
file(GLOB BMP_EXAMPLES RELATIVE ${CMAKE_SOURCE_DIR} CONFIGURE_DEPENDS
     ${CMAKE_SOURCE_DIR}/examples/acbl/*.json ${CMAKE_SOURCE_DIR}/examples/abf/*.json
     ${CMAKE_SOURCE_DIR}/examples/ebu/*.json ${CMAKE_SOURCE_DIR}/examples/format/*.json)
foreach(ex ${BMP_EXAMPLES})
  string(REGEX REPLACE "[/.]" "_" tname "${ex}")
  bmp_cli_test(NAME ${tname} ARGS award ${ex} --explain EXPECT "Derivation:" "points")
endforeach()
file(GLOB BMP_EXAMPLES_NS RELATIVE ${CMAKE_SOURCE_DIR} CONFIGURE_DEPENDS
     ${CMAKE_SOURCE_DIR}/examples/nzb/*.json)
foreach(ex ${BMP_EXAMPLES_NS})
  string(REGEX REPLACE "[/.]" "_" tname "${ex}")
  bmp_cli_test(NAME ${tname} ARGS award ${ex} EXIT 3 EXPECT "not supported: ")
endforeach()
