# Golden-file check of the faithful USEBIO export (rulings UX-1): award IN
# with ARGS, write it back as USEBIO to OUT, and require OUT to equal IN
# line for line after the XML declaration (libxml2 writes the encoding into
# it; everything else -- white space included -- must be as read).
#   cmake -DBIN=bridgemp -DIN=in.xml -DOUT=out.xml "-DARGS=--body;abf" -P golden.cmake
execute_process(COMMAND ${BIN} award ${IN} ${ARGS} --format usebio -o ${OUT}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bridgemp award ${IN} exited ${rc}: ${err}")
endif()
file(READ ${IN} want)
file(READ ${OUT} got)
string(REGEX REPLACE "^<\\?xml[^>]*\\?>\n" "" want "${want}")
string(REGEX REPLACE "^<\\?xml[^>]*\\?>\n" "" got "${got}")
if(NOT want STREQUAL got)
  execute_process(COMMAND diff ${IN} ${OUT} OUTPUT_VARIABLE d)
  message(FATAL_ERROR "${OUT} differs from ${IN} beyond the XML declaration:\n${d}")
endif()
