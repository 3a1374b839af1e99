# Debian packages by CPack (issue 31): `cmake --build build --target package`
# or scripts/package.sh (a Release build configured for /usr).  One package
# per install component (docs/architecture.md "Packages", ruling PK-1):
#   runtime  libbridgemp<MAJOR>         libbridgemp.so.MAJOR, the engine only
#   ledger   libbridgemp-ledger<MAJOR>  libbridgemp-ledger.so.MAJOR
#   dev      libbridgemp-dev            headers, .pc, the .so links, the archives
#   cli      bridgemp                   bridgemp, libexec/bridgemp/bridgemp-ledger,
#                                       man page, bash completion, examples
#   server   bridgemp-server            bridgemp.service, /etc/default/bridgemp
#   python   python3-bridgemp           python/bridgemp (when the tree has it)
# Files only a package carries (the unit, /etc/default, the Python module,
# each package's copyright and changelog) are EXCLUDE_FROM_ALL: a plain
# `cmake --install --prefix P` installs what it always did.  The man page
# and the changelogs are compressed in the staging tree
# (packaging/deb/prebuild.cmake), so the plain install keeps bridgemp.1.
set(BMP_DEB_MAJOR ${PROJECT_VERSION_MAJOR})
set(BMP_DEB_MAINTAINER "bridgemp maintainers <maintainers@users.noreply.a-seed-6630a284.example>"
    CACHE STRING "Maintainer field of the Debian packages")
if(NOT CMAKE_INSTALL_PREFIX STREQUAL "/usr")
  message(STATUS "Debian packages: configure with -DCMAKE_INSTALL_PREFIX=/usr for the "
                 "multiarch library directory (scripts/package.sh does)")
endif()

# component|package name|section|Depends (beyond dpkg-shlibdeps')
set(BMP_DEB_VERSION "${PROJECT_VERSION}-1") # Debian revision 1
set(bmp_v ${BMP_DEB_VERSION})
set(BMP_DEB_PACKAGES
    "runtime|libbridgemp${BMP_DEB_MAJOR}|libs|"
    "ledger|libbridgemp-ledger${BMP_DEB_MAJOR}|libs|libbridgemp${BMP_DEB_MAJOR} (= ${bmp_v})"
    "dev|libbridgemp-dev|libdevel|libbridgemp${BMP_DEB_MAJOR} (= ${bmp_v}), libbridgemp-ledger${BMP_DEB_MAJOR} (= ${bmp_v}), pkg-config, libjansson-dev, libxml2-dev, libsodium-dev, libsqlite3-dev, libpq-dev"
    "cli|bridgemp|utils|"
    "server|bridgemp-server|net|bridgemp (= ${bmp_v}), adduser")
if(EXISTS ${CMAKE_SOURCE_DIR}/python/bridgemp/__init__.py)
  list(APPEND BMP_DEB_PACKAGES
       "python|python3-bridgemp|python|python3:any, libbridgemp${BMP_DEB_MAJOR} (= ${bmp_v})")
  install(DIRECTORY python/bridgemp DESTINATION lib/python3/dist-packages COMPONENT python
          EXCLUDE_FROM_ALL PATTERN __pycache__ EXCLUDE PATTERN "*.pyc" EXCLUDE)
endif()

# bridgemp-server: the unit runs the packaged /usr/bin/bridgemp.
set(BMP_UNIT_BINDIR /usr/bin)
configure_file(packaging/bridgemp.service.in ${CMAKE_BINARY_DIR}/deb/bridgemp.service @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/deb/bridgemp.service DESTINATION lib/systemd/system
        COMPONENT server EXCLUDE_FROM_ALL)
install(FILES packaging/bridgemp.default DESTINATION /etc/default RENAME bridgemp
        COMPONENT server EXCLUDE_FROM_ALL)

# Every package: /usr/share/doc/PKG/copyright and changelog.Debian(.gz).
set(CPACK_DEBIAN_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${BMP_DEB_MAINTAINER}")
string(TIMESTAMP BMP_DEB_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC) # honours SOURCE_DATE_EPOCH
configure_file(packaging/deb/changelog.in ${CMAKE_BINARY_DIR}/deb/changelog.Debian @ONLY)
set(bmp_components "")
foreach(p ${BMP_DEB_PACKAGES})
  string(REPLACE "|" ";" p "${p}")
  list(GET p 0 comp)
  list(GET p 1 name)
  list(GET p 2 section)
  list(GET p 3 depends)
  string(TOUPPER ${comp} C)
  list(APPEND bmp_components ${comp})
  set(CPACK_DEBIAN_${C}_PACKAGE_NAME ${name})
  set(CPACK_DEBIAN_${C}_PACKAGE_SECTION ${section})
  set(CPACK_DEBIAN_${C}_PACKAGE_DEPENDS "${depends}")
  install(FILES packaging/deb/copyright ${CMAKE_BINARY_DIR}/deb/changelog.Debian
          DESTINATION share/doc/${name} COMPONENT ${comp} EXCLUDE_FROM_ALL)
endforeach()

set(CPACK_COMPONENT_RUNTIME_DESCRIPTION "exact masterpoint awards for contract bridge - engine library
libbridgemp turns event results into masterpoint awards under the real
regulations of the ACBL, EBU, ABF and NZ Bridge and shows their working.
This package holds the engine and the file formats (JSON events, USEBIO,
ABF credit files); the ledger is libbridgemp-ledger.")
set(CPACK_COMPONENT_LEDGER_DESCRIPTION "bridgemp masterpoint ledger library (SQLite, PostgreSQL)
libbridgemp-ledger is the masterpoint ledger over libbridgemp: player and
club registers, batches of awards, approvals, periods, statements, charge
runs and invoices, on SQLite or PostgreSQL.")
set(CPACK_COMPONENT_DEV_DESCRIPTION "exact masterpoint awards for contract bridge - development files
Headers, pkg-config files (bridgemp, bridgemp-ledger), the shared library
links and the static archives of libbridgemp and libbridgemp-ledger.")
set(CPACK_COMPONENT_CLI_DESCRIPTION "exact masterpoint awards for contract bridge - command line
bridgemp awards events under the regulations of the ACBL, EBU, ABF and NZ
Bridge (bridgemp award), converts result files, and runs the masterpoint
ledger (bridgemp ledger) and its web service (bridgemp serve).  With the
manual page, bash completion and examples (the ledger demo).")
set(CPACK_COMPONENT_SERVER_DESCRIPTION "bridgemp masterpoint ledger web service (systemd unit)
Runs bridgemp serve as the system user bridgemp, with the ledger in
/var/lib/bridgemp: lookup pages and a REST API.  Settings in
/etc/default/bridgemp.")
set(CPACK_COMPONENT_PYTHON_DESCRIPTION "exact masterpoint awards for contract bridge - Python module
The bridgemp module: read an event, award it and get the awards as Python
objects, over libbridgemp (ctypes).")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME bridgemp)
set(CPACK_PACKAGE_VENDOR bridgemp)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_COMPONENTS_ALL ${bmp_components})
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# libbridgemp-ledger and the programs find libbridgemp.so.MAJOR here, in no
# package yet: its dependency is the explicit one above.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${CMAKE_BINARY_DIR})
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON) # DEBIAN/shlibs of the two libraries
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_EXTRA ${CMAKE_SOURCE_DIR}/packaging/deb/triggers)
set(CPACK_DEBIAN_LEDGER_PACKAGE_CONTROL_EXTRA ${CMAKE_SOURCE_DIR}/packaging/deb/triggers)
set(CPACK_DEBIAN_SERVER_PACKAGE_CONTROL_EXTRA ${CMAKE_SOURCE_DIR}/packaging/deb/server/conffiles
    ${CMAKE_SOURCE_DIR}/packaging/deb/server/postinst
    ${CMAKE_SOURCE_DIR}/packaging/deb/server/prerm ${CMAKE_SOURCE_DIR}/packaging/deb/server/postrm)
set(CPACK_DEBIAN_PYTHON_PACKAGE_CONTROL_EXTRA ${CMAKE_SOURCE_DIR}/packaging/deb/python/postinst
    ${CMAKE_SOURCE_DIR}/packaging/deb/python/prerm)
set(CPACK_DEBIAN_PYTHON_PACKAGE_ARCHITECTURE all)
set(CPACK_STRIP_FILES ON)
set(CPACK_PRE_BUILD_SCRIPTS ${CMAKE_SOURCE_DIR}/packaging/deb/prebuild.cmake)
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR}/packages)
include(CPack)
