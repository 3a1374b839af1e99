cmake_minimum_required(VERSION 3.20)
# Shape check: layers only call down (issue 41).
# From the object files' symbols (nm: defined and undefined per object), an
# object of one layer may use a symbol defined in its own layer or a lower
# one; a use of a higher layer's symbol, or of a peer's (two layers on one
# level, e.g. two bodies), is reported:
#   core/awards.c.o -> bmp_awards_write defined in io/awards_out.c.o (layer core calls up into io)
# cmake -DNM=<nm> -DOBJS="a.o|b.o|..." -DLAYERS="core|abf,ebu|rules|io" \
#       [-DPUBLIC="abf<rules|ebu<rules|io"] [-DPUBLIC_PREFIX=bmp_] -P layers.cmake
#  LAYERS  the levels, lowest first, separated by "|"; peers of one level by
#          ",".  A layer is a path prefix under src/ (any depth: "ledger"
#          holds ledger/abf/ops.c and ledger/store/sqlite.c); the longest
#          prefix an object matches is its layer ("core/x.c" may be a layer
#          of its own above "core").  An object in no layer is an error, so
#          a new folder is placed before it is built.
#  PUBLIC  layers another layer may use only through public names (those
#          starting with PUBLIC_PREFIX, default bmp_: the API in
#          include/bridgemp, ctest prefix_internal), each optionally followed
#          by "<" and the one layer that may also use its internal names (the
#          bodies' tables abf_rules ... are named by the registry alone).
if(NOT DEFINED PUBLIC_PREFIX)
  set(PUBLIC_PREFIX "bmp_")
endif()
string(REPLACE "|" ";" objs "${OBJS}")
string(REPLACE "|" ";" public "${PUBLIC}")
string(REPLACE "|" ";" levels "${LAYERS}")

# Layers: the rank of each (its level) and every layer's name.
set(names "")
set(level 0)
foreach(lv ${levels})
  string(REPLACE "," ";" peers "${lv}")
  foreach(l ${peers})
    string(MAKE_C_IDENTIFIER "${l}" lid)
    set(rank_${lid} ${level})
    list(APPEND names "${l}")
  endforeach()
  math(EXPR level "${level} + 1")
endforeach()
foreach(p ${public})
  string(REPLACE "<" ";" pe "${p}")
  list(GET pe 0 l)
  string(MAKE_C_IDENTIFIER "${l}" lid)
  set(public_${lid} TRUE)
  list(LENGTH pe n)
  if(n GREATER 1)
    list(GET pe 1 friend)
    set(friend_${lid} "${friend}")
  endif()
endforeach()

# The layer of an object's path under src/ ("ledger/abf/ops.c"): the
# longest layer name that is the path or a folder above it.
function(layer_of path out)
  set(best "")
  string(LENGTH "" bestlen)
  foreach(l ${names})
    string(LENGTH "${l}" n)
    string(FIND "${path}/" "${l}/" at)
    if(at EQUAL 0 AND n GREATER bestlen)
      set(best "${l}")
      set(bestlen ${n})
    endif()
  endforeach()
  set(${out} "${best}" PARENT_SCOPE)
endfunction()

# Who defines and who uses each global symbol (one nm run).
execute_process(COMMAND "${NM}" -A -g ${objs} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NM} failed")
endif()
string(REPLACE "\n" ";" lines "${out}")
set(problems "")
set(uses "")
set(files "")
foreach(l ${lines})
  # .../src/core/awards.c.o:                 U bmp_awards_write
  # .../src/io/awards_out.c.o:0000000000000090 T bmp_awards_write
  if(NOT l MATCHES ".*/src/([^:]+/[^/:]+)\\.o(bj)?:[ 0-9a-fA-F]* ([A-Za-z]) ([A-Za-z_][A-Za-z0-9_]*)$")
    continue()
  endif()
  set(name "${CMAKE_MATCH_1}")
  set(kind "${CMAKE_MATCH_3}")
  set(sym "${CMAKE_MATCH_4}")
  string(MAKE_C_IDENTIFIER "${name}" nid)
  if(NOT DEFINED layer_${nid})
    layer_of("${name}" lay)
    set(layer_${nid} "${lay}")
    list(APPEND files "${name}")
    if(lay STREQUAL "")
      list(APPEND problems "${name}.o is in no layer (add its folder to LAYERS)")
    endif()
  endif()
  if(kind STREQUAL "U")
    list(APPEND uses "${name} ${sym}")
  elseif(NOT "${name}" IN_LIST def_${sym})
    # a symbol may be defined twice (src/core/buf.c is compiled into the
    # server too): every definer is checked
    list(APPEND def_${sym} "${name}")
  endif()
endforeach()

set(nedges 0)
foreach(u ${uses})
  string(REPLACE " " ";" ns "${u}")
  list(GET ns 0 name)
  list(GET ns 1 sym)
  string(MAKE_C_IDENTIFIER "${name}" nid)
  set(a "${layer_${nid}}")
  if(a STREQUAL "")
    continue()
  endif()
  string(MAKE_C_IDENTIFIER "${a}" aid)
  foreach(d ${def_${sym}})
    string(MAKE_C_IDENTIFIER "${d}" did)
    set(b "${layer_${did}}")
    if(b STREQUAL "" OR b STREQUAL a)
      continue()
    endif()
    math(EXPR nedges "${nedges} + 1")
    string(MAKE_C_IDENTIFIER "${b}" bid)
    set(why "")
    if(rank_${bid} GREATER rank_${aid})
      set(why "layer ${a} calls up into ${b}")
    elseif(rank_${bid} EQUAL rank_${aid})
      set(why "layer ${a} calls its peer ${b}")
    elseif(public_${bid} AND NOT a STREQUAL "${friend_${bid}}")
      string(FIND "${sym}" "${PUBLIC_PREFIX}" at)
      if(NOT at EQUAL 0)
        set(why "layer ${a} uses an internal name of ${b}, which it may reach only through ${PUBLIC_PREFIX} names")
      endif()
    endif()
    if(why)
      list(APPEND problems "${name}.o -> ${sym} defined in ${d}.o (${why})")
    endif()
  endforeach()
endforeach()

list(LENGTH files nf)
if(problems)
  list(REMOVE_DUPLICATES problems)
  list(SORT problems)
  list(JOIN problems "\n  " msg)
  message(FATAL_ERROR "layers calling up (${LAYERS}):\n  ${msg}")
endif()
message(STATUS "layers only call down: ${nf} object files, ${nedges} uses across layers, "
               "layers ${LAYERS}")
