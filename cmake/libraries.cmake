# bmp_public_library(ID OUTPUT_NAME name COMPONENT comp OBJECTS objlib... HEADERS h...
#                    DEPS pkgtarget... [LINKS_SHARED t...] [LINKS_STATIC t...])
#
# One installed library built the same way for each of libbridgemp and
# libbridgemp-ledger, from the object libraries OBJECTS:
#   ${ID}_exports   lib<name>.map / <name>.exports: the bmp_ symbols declared
#                   in HEADERS (cmake/exports.cmake), nothing else exported;
#   ${ID}_shared    lib<name>.so.X.Y.Z, SONAME lib<name>.so.MAJOR;
#   ${ID}_static    lib<name>.a: the objects partially linked into one
#                   (ld -r), then every global not in the export list made
#                   local (objcopy --keep-global-symbols), so an embedder's own
#                   `abf_val` or `parse_line` never clashes with ours, and the
#                   core helpers both archives carry stay private to each;
#   <name>.pc       from <name>.pc.in.
# LINKS_SHARED / LINKS_STATIC: the other bridgemp library the shared / static
# form needs (libbridgemp-ledger needs libbridgemp).  COMPONENT: the install
# component (one Debian package, cmake/packaging.cmake) of lib<name>.so.MAJOR
# and .so.X.Y.Z; the .so link, the archive and the .pc file are "dev".
function(bmp_public_library id)
  cmake_parse_arguments(L "" "OUTPUT_NAME;COMPONENT" "OBJECTS;HEADERS;DEPS;LINKS_SHARED;LINKS_STATIC"
                        ${ARGN})
  set(name ${L_OUTPUT_NAME})
  set(objs "")
  foreach(t ${L_OBJECTS})
    list(APPEND objs $<TARGET_OBJECTS:${t}>)
  endforeach()

  # The exported ABI, as a linker version script and a symbol list.
  set(map ${CMAKE_BINARY_DIR}/${name}.map)
  set(exports ${CMAKE_BINARY_DIR}/${name}.exports)
  list(JOIN L_HEADERS "|" headers)
  add_custom_command(OUTPUT ${map} ${exports}
    COMMAND ${CMAKE_COMMAND} "-DHEADERS=${headers}" -DMAP=${map} -DLIST=${exports}
            -P ${CMAKE_SOURCE_DIR}/cmake/exports.cmake
    DEPENDS ${L_HEADERS} ${CMAKE_SOURCE_DIR}/cmake/exports.cmake
    COMMENT "Listing lib${name}'s exported symbols" VERBATIM)
  add_custom_target(${id}_exports DEPENDS ${map} ${exports})

  # lib<name>.so.0 -> lib<name>.so.0.1.0: SONAME from the major version.
  add_library(${id}_shared SHARED ${objs})
  add_dependencies(${id}_shared ${id}_exports)
  set_target_properties(${id}_shared PROPERTIES
    OUTPUT_NAME ${name} VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}
    LINK_DEPENDS ${map})
  target_link_options(${id}_shared PRIVATE -Wl,--version-script=${map})
  if(NOT BMP_SANITIZE AND NOT BMP_TSAN AND NOT BMP_FUZZ)
    # every dependency is linked (clang leaves sanitizer runtimes to the program)
    target_link_options(${id}_shared PRIVATE -Wl,--no-undefined)
  endif()
  target_include_directories(${id}_shared INTERFACE ${CMAKE_SOURCE_DIR}/include
                                                    ${CMAKE_BINARY_DIR}/include)
  target_link_libraries(${id}_shared PUBLIC ${L_LINKS_SHARED}
                                     PRIVATE ${L_DEPS} m Threads::Threads)

  set(archive ${CMAKE_BINARY_DIR}/lib${name}.a)
  set(depends "")
  foreach(t ${L_OBJECTS})
    list(APPEND depends ${t} $<TARGET_OBJECTS:${t}>)
  endforeach()
  add_custom_command(OUTPUT ${archive}
    COMMAND ${CMAKE_COMMAND} -E rm -f ${archive} ${name}_static.o
    COMMAND ${CMAKE_LINKER} -r -o ${name}_static.o ${objs}
    COMMAND ${CMAKE_OBJCOPY} --keep-global-symbols=${exports} ${name}_static.o
    COMMAND ${CMAKE_AR} rcs ${archive} ${name}_static.o
    DEPENDS ${depends} ${exports}
    WORKING_DIRECTORY ${CMAKE_BINARY_DIR}
    COMMAND_EXPAND_LISTS
    COMMENT "Linking lib${name}.a (internal symbols local)")
  add_custom_target(${id}_static_archive ALL DEPENDS ${archive})
  add_library(${id}_static STATIC IMPORTED GLOBAL)
  set_target_properties(${id}_static PROPERTIES IMPORTED_LOCATION ${archive})
  add_dependencies(${id}_static ${id}_static_archive)
  target_include_directories(${id}_static INTERFACE ${CMAKE_SOURCE_DIR}/include
                                                    ${CMAKE_BINARY_DIR}/include)
  target_link_libraries(${id}_static INTERFACE ${L_LINKS_STATIC} ${L_DEPS} m Threads::Threads)

  configure_file(${CMAKE_SOURCE_DIR}/${name}.pc.in ${CMAKE_BINARY_DIR}/${name}.pc @ONLY)
  install(TARGETS ${id}_shared LIBRARY COMPONENT ${L_COMPONENT} NAMELINK_COMPONENT dev)
  install(FILES ${archive} DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
  install(FILES ${CMAKE_BINARY_DIR}/${name}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
          COMPONENT dev)
endfunction()

# bmp_pkg_deps(PREFIX "VAR module" ...): pkg-config modules found as imported
# targets; ${PREFIX}_TARGETS lists them, ${PREFIX}_REQUIRES is the .pc line.
function(bmp_pkg_deps prefix)
  set(targets "")
  set(requires "")
  foreach(dep ${ARGN})
    separate_arguments(dep)
    list(GET dep 0 var)
    list(GET dep 1 module)
    if(NOT TARGET PkgConfig::${var})
      pkg_check_modules(${var} REQUIRED IMPORTED_TARGET GLOBAL ${module})
    endif()
    list(APPEND targets PkgConfig::${var})
    list(APPEND requires ${module})
  endforeach()
  list(JOIN requires ", " requires)
  set(${prefix}_TARGETS ${targets} PARENT_SCOPE)
  set(${prefix}_REQUIRES "${requires}" PARENT_SCOPE)
endfunction()
