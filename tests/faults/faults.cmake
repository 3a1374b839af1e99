# Fault injection (issue 16, docs/reliability.md): allocation failure at
# every point of representative work.  The program wraps the allocator at
# link time, so it links the internal archive and runs alone.
add_executable(test_fault_alloc ${CMAKE_CURRENT_SOURCE_DIR}/faults/test_fault_alloc.c
                                ${CMAKE_CURRENT_SOURCE_DIR}/faults/failalloc.c)
target_link_libraries(test_fault_alloc PRIVATE bmp_server bmp)
target_compile_definitions(test_fault_alloc PRIVATE BMP_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
target_link_options(test_fault_alloc PRIVATE
  -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup)
add_test(NAME fault_alloc COMMAND test_fault_alloc)
set_tests_properties(fault_alloc PROPERTIES TIMEOUT 900)

# I/O errors and crashes at every write, sync and truncate of a ledger
# month, through a SQLite VFS shim (tests/faults/test_fault_io.c).
add_executable(test_fault_io ${CMAKE_CURRENT_SOURCE_DIR}/faults/test_fault_io.c)
target_link_libraries(test_fault_io PRIVATE bmp)
target_compile_definitions(test_fault_io PRIVATE BMP_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
add_test(NAME fault_io COMMAND test_fault_io)
set_tests_properties(fault_io PROPERTIES TIMEOUT 900)
