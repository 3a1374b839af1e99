cmake_minimum_required(VERSION 3.20)
# ctest exports_only_bmp (libbridgemp) and exports_only_bmp_ledger
# (libbridgemp-ledger): the shared library's dynamic symbol table and the
# static archive's global symbols hold only the library's own public API (its
# export list, none of the other library's), the SONAME is LIB.so.MAJOR, and
# the shared library needs no module of FORBID (libbridgemp: no database
# client).
#   cmake -DNM=nm -DOBJDUMP=objdump -DLIB=libbridgemp -DSO=libbridgemp.so.0.1.0
#         -DSONAME=libbridgemp.so.0 -DARCHIVE=libbridgemp.a -DEXPORTS=bridgemp.exports
#         [-DOTHER=bridgemp-ledger.exports] [-DMIN=100] "-DMUST=bmp_version|..."
#         "-DFORBID=libsqlite3|libpq" -P exports.cmake
if(NOT DEFINED LIB)
  set(LIB libbridgemp)
endif()
if(NOT DEFINED MIN)
  set(MIN 100)
endif()
if(NOT DEFINED MUST)
  set(MUST "bmp_award_event|bmp_pipeline_new|bmp_awards_write_buffer|bmp_version")
endif()
string(REPLACE "|" ";" MUST "${MUST}")
file(STRINGS ${EXPORTS} exports)
list(LENGTH exports nexports)
if(nexports LESS MIN)
  message(FATAL_ERROR "${EXPORTS}: only ${nexports} public functions listed")
endif()
# the two libraries' lists are disjoint: each symbol has one home
if(OTHER)
  file(STRINGS ${OTHER} others)
  foreach(n ${exports})
    if(n IN_LIST others)
      message(FATAL_ERROR "${n} is in both ${EXPORTS} and ${OTHER}")
    endif()
  endforeach()
endif()

# names of the defined global symbols in `nm` output (lines "ADDR TYPE NAME")
function(defined_names out)
  execute_process(COMMAND ${NM} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE text
                  ERROR_VARIABLE errtext)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} ${ARGN}: ${errtext}")
  endif()
  string(REGEX MATCHALL "[0-9a-fA-F]+ [A-Za-z] [^\n]+" lines "${text}")
  set(names "")
  foreach(l ${lines})
    string(REGEX REPLACE "^[0-9a-fA-F]+ [A-Za-z] " "" n "${l}")
    list(APPEND names ${n})
  endforeach()
  set(${out} ${names} PARENT_SCOPE)
endfunction()

function(check what)
  set(bad "")
  foreach(n ${ARGN})
    if(NOT n MATCHES "^bmp_" OR NOT n IN_LIST exports)
      list(APPEND bad ${n})
    endif()
  endforeach()
  list(LENGTH ARGN count)
  if(bad)
    list(LENGTH bad nbad)
    list(JOIN bad "\n  " bad)
    message(FATAL_ERROR "${what}: ${nbad} of ${count} exported symbols are not public bmp_ "
                        "functions:\n  ${bad}")
  endif()
  foreach(n ${MUST})
    if(NOT n IN_LIST ARGN)
      message(FATAL_ERROR "${what}: ${n} is not exported")
    endif()
  endforeach()
  message(STATUS "${what}: ${count} symbols, all public bmp_ functions")
endfunction()

defined_names(so_names -D --defined-only ${SO})
check("${SO}" ${so_names})
defined_names(a_names -g --defined-only ${ARCHIVE})
check("${ARCHIVE}" ${a_names})

get_filename_component(real ${SO} REALPATH)
get_filename_component(real ${real} NAME)
if(NOT real MATCHES "^${LIB}\\.so\\.[0-9]+\\.[0-9]+\\.[0-9]+$" OR
   NOT SONAME MATCHES "^${LIB}\\.so\\.[0-9]+$")
  message(FATAL_ERROR "expected ${LIB}.so.MAJOR -> ${LIB}.so.X.Y.Z, got ${SONAME} -> ${real}")
endif()
if(OBJDUMP)
  execute_process(COMMAND ${OBJDUMP} -p ${SO} OUTPUT_VARIABLE dyn)
  if(NOT dyn MATCHES "SONAME +${SONAME}\n")
    message(FATAL_ERROR "${SO}: SONAME is not ${SONAME}")
  endif()
  if(FORBID AND dyn MATCHES "NEEDED +(${FORBID})[^\n]*")
    message(FATAL_ERROR "${SO} needs ${CMAKE_MATCH_0}")
  endif()
endif()
