cmake_minimum_required(VERSION 3.20)
# A program that must load no database client (sqlite3, libpq and the
# Kerberos/LDAP stack behind it): run it under the dynamic loader's LD_DEBUG=libs
# and fail if one is loaded; the run itself must succeed.
#   cmake -DBIN=build/bridgemp "-DARGS=award|examples/abf/club-pairs.json"
#         [-DENV=LD_LIBRARY_PATH=...] -P no_db_client.cmake
# Also include()d by embed.cmake, which calls bmp_no_db_client(bin args...).
function(bmp_no_db_client bin)
  list(JOIN ARGN " " args)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env LD_DEBUG=libs ${bin} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${bin} ${args}: exit ${rc}\n${err}")
  endif()
  string(REGEX MATCHALL "calling init: [^\n]*" inits "${err}")
  list(LENGTH inits n)
  if(n EQUAL 0)
    message(FATAL_ERROR "${bin}: no LD_DEBUG=libs output to check:\n${err}")
  endif()
  foreach(l ${inits})
    if(l MATCHES "/lib(sqlite3|pq)[.-]")
      message(FATAL_ERROR "${bin} ${args} loads a database client: ${l}")
    endif()
  endforeach()
  message(STATUS "${bin}: ${n} shared libraries initialised, no database client")
endfunction()

if(BIN)
  string(REPLACE "|" ";" args "${ARGS}")
  bmp_no_db_client(${BIN} ${args})
endif()
