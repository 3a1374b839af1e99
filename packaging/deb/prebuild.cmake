# CPACK_PRE_BUILD_SCRIPTS (cmake/packaging.cmake), in the staging tree of
# every package before CPack lists and sums its files, what dh_compress and
# dh_strip would do: compress the manual pages and the Debian changelog
# (gzip -9n; Debian policy 12.1, 12.7), drop the debugging information of
# the static archives and the .comment sections (CPACK_STRIP_FILES strips
# the programs and libraries).
find_program(BMP_GZIP gzip REQUIRED)
find_program(BMP_STRIP strip REQUIRED)
file(GLOB_RECURSE files LIST_DIRECTORIES false "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*")
foreach(f ${files})
  set(cmd "")
  if(IS_SYMLINK ${f})
    continue()
  elseif(f MATCHES "/share/man/man[1-9]/[^/]+\\.[1-9]$" OR f MATCHES "/share/doc/[^/]+/changelog\\.Debian$")
    set(cmd ${BMP_GZIP} -9nf ${f})
  elseif(f MATCHES "/lib/[^/]+/[^/]+\\.a$")
    set(cmd ${BMP_STRIP} --strip-debug --remove-section=.comment --enable-deterministic-archives ${f})
  elseif(f MATCHES "/lib/[^/]+/[^/]+\\.so\\.[0-9.]+$" OR f MATCHES "/bin/[^/]+$"
         OR f MATCHES "/libexec/bridgemp/[^/]+$")
    set(cmd ${BMP_STRIP} --remove-section=.comment ${f})
  endif()
  if(cmd)
    execute_process(COMMAND ${cmd} RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${cmd}: failed")
    endif()
  endif()
endforeach()
