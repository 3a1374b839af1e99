# Every example event computes, with its derivation.
file(GLOB BMP_EXAMPLES RELATIVE ${CMAKE_SOURCE_DIR} CONFIGURE_DEPENDS
     ${CMAKE_SOURCE_DIR}/examples/*/*.json)
foreach(ex ${BMP_EXAMPLES})
  string(REGEX REPLACE "[/.]" "_" tname "${ex}")
  bmp_cli_test(NAME ${tname} ARGS award ${ex} --explain EXPECT "Derivation:" "points")
endforeach()
