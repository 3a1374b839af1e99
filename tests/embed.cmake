cmake_minimum_required(VERSION 3.20)
# ctest embed_example: install libbridgemp into a temporary prefix, build
# examples/embed against it with pkg-config alone (shared), and again against
# libbridgemp.a together with a function named like one of the library's
# internal globals (which would be a "multiple definition" if the archive
# did not keep its internals local); run both and check a real award, and
# that neither loads a database client.  With CXX: every public header has
# extern "C" and examples/embed/embed.cpp (which includes them all) builds
# as C++ against both libraries, shared and static (the core helpers both
# archives carry are local in each, so they do not clash).
#   cmake -DBUILD=build -DSRC=. -DPREFIX=/tmp/p -DCC=cc [-DCXX=c++] -DNM=nm [-DSAN_FLAGS=...]
#         -P embed.cmake
include(${CMAKE_CURRENT_LIST_DIR}/no_db_client.cmake)
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed:\n${out}")
endif()

file(GLOB_RECURSE pc ${PREFIX}/*/bridgemp.pc)
if(NOT pc)
  message(FATAL_ERROR "no bridgemp.pc installed under ${PREFIX}")
endif()
get_filename_component(pcdir ${pc} DIRECTORY)
get_filename_component(libdir ${pcdir} DIRECTORY)
set(helper ${PREFIX}/libexec/bridgemp/bridgemp-ledger)
foreach(f ${libdir}/libbridgemp.so ${libdir}/libbridgemp.a ${PREFIX}/include/bridgemp/bridgemp.h
          ${PREFIX}/include/bridgemp/pipeline.h ${PREFIX}/include/bridgemp/version.h
          ${PREFIX}/bin/bridgemp ${PREFIX}/share/man/man1/bridgemp.1
          ${libdir}/libbridgemp-ledger.so ${libdir}/libbridgemp-ledger.a ${pcdir}/bridgemp-ledger.pc
          ${helper})
  if(NOT EXISTS ${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
foreach(lib libbridgemp libbridgemp-ledger)
  file(GLOB sonames ${libdir}/${lib}.so.*)
  if(NOT sonames MATCHES "${lib}\\.so\\.[0-9]+;.*${lib}\\.so\\.[0-9]+\\.[0-9]+\\.[0-9]+")
    message(FATAL_ERROR "expected ${lib}.so.MAJOR and .so.X.Y.Z in ${libdir}, got ${sonames}")
  endif()
endforeach()
# the installed bridgemp finds its helper in the prefix's libexec
execute_process(COMMAND ${PREFIX}/bin/bridgemp ledger --help RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^usage: bridgemp ledger")
  message(FATAL_ERROR "installed bridgemp ledger --help (helper ${helper}): exit ${rc}\n${out}${err}")
endif()

# Build in a copy, as a user would, outside the source tree.
set(work ${PREFIX}-build)
file(REMOVE_RECURSE ${work})
file(COPY ${SRC}/examples/embed/ DESTINATION ${work})
set(ENV{PKG_CONFIG_PATH} ${pcdir})
set(ENV{LD_LIBRARY_PATH} ${libdir})
set(flags "-O1 -Wall -Wextra -Werror ${SAN_FLAGS}")
execute_process(COMMAND make -C ${work} CC=${CC} "CFLAGS=${flags}" "LDFLAGS=${SAN_FLAGS}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "make examples/embed failed:\n${out}")
endif()

# ABF-6 (3.1.1): grade E W = 1.50, 10-table Mitchell: 0.02 x 1.50 x 10 = 0.30
set(expect "\n  1 +session 1 NS +0\\.30 green +ABF-6\n")
function(run_embed bin)
  execute_process(COMMAND ${bin} ${SRC}/examples/abf/club-pairs.json
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "${expect}" OR NOT out MATCHES "10 awards\n"
     OR NOT out MATCHES "CSV: [1-9][0-9]* bytes")
    message(FATAL_ERROR "${bin}: exit ${rc}, expected /${expect}/:\n${out}${err}")
  endif()
endfunction()
run_embed(${work}/embed)
bmp_no_db_client(${work}/embed ${SRC}/examples/abf/club-pairs.json)
# the library reports the version bridgemp.pc announces (project(VERSION))
execute_process(COMMAND pkg-config --modversion bridgemp OUTPUT_VARIABLE ver
                OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND ${work}/embed ${SRC}/examples/abf/club-pairs.json OUTPUT_VARIABLE out)
if(NOT ver OR NOT out MATCHES "\\(libbridgemp ${ver}\\)")
  message(FATAL_ERROR "bmp_version() is not pkg-config's ${ver}:\n${out}")
endif()

# Static: libbridgemp.a and its pkg-config dependencies, plus a clash.
execute_process(COMMAND ${NM} -g --defined-only ${BUILD}/libbridgemp_internal.a
                OUTPUT_VARIABLE syms)
string(REGEX MATCHALL "[0-9a-f]+ T [A-Za-z_][A-Za-z0-9_]*" lines "${syms}")
# An internal global an embedder could clash with; preferably one this run
# calls (an ABF award_event): linked against an archive that leaves it
# global, the embedder's empty function silently replaces the library's and
# the event gets 0 awards; with ours kept local, the 10 awards stay.
set(internal "")
set(fallback "")
foreach(l ${lines})
  string(REGEX REPLACE "^[0-9a-f]+ T " "" n "${l}")
  if(n MATCHES "^bmp_")
    continue()
  endif()
  if(NOT fallback)
    set(fallback ${n})
  endif()
  if(n MATCHES "^abf.*award_event$")
    set(internal ${n})
    break()
  endif()
endforeach()
if(NOT internal)
  set(internal ${fallback})
endif()
if(NOT internal)
  message(FATAL_ERROR "no internal global function found in libbridgemp_internal.a")
endif()
file(WRITE ${work}/clash.c "/* an embedder's own function that happens to share an internal name */\n"
                           "void ${internal}(void);\nvoid ${internal}(void) {}\n")
# the dependencies as bridgemp.pc states them (Requires.private)
execute_process(COMMAND pkg-config --print-requires-private bridgemp OUTPUT_VARIABLE req
                OUTPUT_STRIP_TRAILING_WHITESPACE)
string(REGEX REPLACE "[ \t]*[<>=]+[ \t]*[^ \t\n]+" "" req "${req}")
string(REGEX REPLACE "[\n ]+" ";" req "${req}")
foreach(m jansson libxml-2.0)
  if(NOT m IN_LIST req)
    message(FATAL_ERROR "bridgemp.pc: Requires.private lacks ${m} (has: ${req})")
  endif()
endforeach()
execute_process(COMMAND pkg-config --libs ${req} OUTPUT_VARIABLE deps
                OUTPUT_STRIP_TRAILING_WHITESPACE)
separate_arguments(deps)
separate_arguments(sflags UNIX_COMMAND "${SAN_FLAGS}")
execute_process(COMMAND ${CC} -std=c17 ${sflags} -I${PREFIX}/include -o ${work}/embed-static
                        ${work}/embed.c ${work}/clash.c ${libdir}/libbridgemp.a ${deps} -lm -lpthread
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "static link with a clashing ${internal}() failed:\n${out}")
endif()
run_embed(${work}/embed-static)
bmp_no_db_client(${work}/embed-static ${SRC}/examples/abf/club-pairs.json)

if(CXX)
  # every public header declares its functions for C++ too
  file(GLOB headers RELATIVE ${PREFIX}/include ${PREFIX}/include/bridgemp/*.h)
  file(READ ${work}/embed.cpp cpp)
  foreach(h ${headers})
    file(READ ${PREFIX}/include/${h} text)
    if(NOT h STREQUAL "bridgemp/version.h" AND NOT text MATCHES "extern \"C\" {")
      message(FATAL_ERROR "${h} has no extern \"C\" block")
    endif()
    if(NOT cpp MATCHES "#include <${h}>")
      message(FATAL_ERROR "examples/embed/embed.cpp does not include <${h}>")
    endif()
  endforeach()
  set(cxxexpect "C\\+\\+: libbridgemp ${ver}, ledger schema [0-9]+: 10 awards\n")
  execute_process(COMMAND make -C ${work} embed-cxx CXX=${CXX} "CXXFLAGS=${flags}"
                          "LDFLAGS=${SAN_FLAGS}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "make embed-cxx failed:\n${out}")
  endif()
  # static: both archives together, their shared core helpers local in each
  execute_process(COMMAND pkg-config --print-requires-private bridgemp-ledger
                  OUTPUT_VARIABLE lreq OUTPUT_STRIP_TRAILING_WHITESPACE)
  string(REGEX REPLACE "[ \t]*[<>=]+[ \t]*[^ \t\n]+" "" lreq "${lreq}")
  string(REGEX REPLACE "[\n ]+" ";" lreq "${lreq}")
  execute_process(COMMAND pkg-config --libs ${lreq} ${req} OUTPUT_VARIABLE ldeps
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  separate_arguments(ldeps)
  execute_process(COMMAND ${CXX} -std=c++17 ${sflags} -Wall -Wextra -Werror -I${PREFIX}/include
                          -o ${work}/embed-cxx-static ${work}/embed.cpp ${libdir}/libbridgemp-ledger.a
                          ${libdir}/libbridgemp.a ${ldeps} -lm -lpthread
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "static C++ link with both archives failed:\n${out}")
  endif()
  foreach(bin ${work}/embed-cxx ${work}/embed-cxx-static)
    execute_process(COMMAND ${bin} ${SRC}/examples/abf/club-pairs.json
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0 OR NOT out MATCHES "${cxxexpect}")
      message(FATAL_ERROR "${bin}: exit ${rc}, expected /${cxxexpect}/:\n${out}${err}")
    endif()
  endforeach()
  message(STATUS "examples/embed/embed.cpp: every public header, built as C++ (shared and static)")
endif()
message(STATUS "installed, built with pkg-config and run (shared, and static beside ${internal}())")
