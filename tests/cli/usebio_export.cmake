# Faithful USEBIO export and --usebio-flavour (issue 15; rulings UX-1..UX-3).
set(R tests/data/realworld)
set(U tests/data/usebio)
# UX-1: a Compscore3 file awarded by bridgemp (ABF-7 session awards, grade E,
# as tests/io/test_usebio_realworld.c computes them) comes back as the file itself.
foreach(f compscore_butler_howell compscore_cross_imp_howell)
  add_test(NAME cli_usebio_export_golden_${f}
           COMMAND ${CMAKE_COMMAND} -DBIN=$<TARGET_FILE:bridgemp> -DIN=${R}/${f}.xml
                   -DOUT=${CMAKE_CURRENT_BINARY_DIR}/ux_${f}.xml "-DARGS=--body;abf;--grade;E"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/usebio_export/golden.cmake
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endforeach()
# UX-1: USEBIO -> USEBIO keeps "3=" (the EBU file's own spelling) and the numbers.
bmp_cli_test(NAME usebio_convert_as_read
             ARGS convert ${U}/tied_places.xml - --to usebio --body ebu
             EXPECT "<PAIR_NUMBER>4</PAIR_NUMBER>" "<PLACE>3=</PLACE>")
# UX-3: from JSON, this ABF event goes out flat by default (the abf flavour,
# Compscore) and nested with --usebio-flavour nz (0.30 green for 1st NS,
# ABF-6 Table 1B as in the file the JSON came from).
bmp_cli_test(NAME usebio_flavour_abf_default
             ARGS convert ${U}/pairs_event.json - --to usebio
             EXPECT "<PLACE>1</PLACE>\n *<MASTER_POINTS_AWARDED>30</MASTER_POINTS_AWARDED>")
bmp_cli_test(NAME usebio_flavour_nz_nested
             ARGS convert ${U}/pairs_event.json - --to usebio --usebio-flavour nz
             EXPECT "<MASTER_POINTS>\n *<MASTER_POINTS_AWARDED>30</MASTER_POINTS_AWARDED>")
bmp_cli_test(NAME usebio_flavour_unknown
             ARGS convert ${U}/pairs_event.json - --to usebio --usebio-flavour acbl EXIT 2
             EXPECT "--usebio-flavour: expected abf, ebu or nz, got \"acbl\"")
bmp_cli_test(NAME usebio_flavour_needs_usebio
             ARGS award ${U}/pairs_event.json --usebio-flavour abf EXIT 2
             EXPECT "--usebio-flavour applies to --format usebio only")
