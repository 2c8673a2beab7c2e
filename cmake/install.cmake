# Installation: the program, the library (static, or shared with
# -DBUILD_SHARED_LIBS=ON, SONAME libcgsolve.so.MAJOR), its headers, a
# pkg-config file, a CMake package (find_package(cgsolve CONFIG) gives
# cgsolve::cgsolve), the man page, shell completions and the licence, all
# under GNUInstallDirs paths.
include(CMakePackageConfigHelpers)

set_target_properties(libcgsolve PROPERTIES EXPORT_NAME cgsolve)
install(TARGETS cgsolve RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS libcgsolve EXPORT cgsolveTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/cgsolve DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/include/cgsolve/version.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/cgsolve)

# pkg-config: the prefix is found from the .pc file's own place, so the
# installed tree works wherever it is put (cmake --install --prefix DIR).
file(RELATIVE_PATH CGSOLVE_PC_UP "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
string(REGEX REPLACE "/$" "" CGSOLVE_PC_UP "${CGSOLVE_PC_UP}")
set(CGSOLVE_PC_PREFIX "\${pcfiledir}/${CGSOLVE_PC_UP}")
set(CGSOLVE_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
set(CGSOLVE_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(CGSOLVE_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(CGSOLVE_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file(cmake/cgsolve.pc.in ${CMAKE_CURRENT_BINARY_DIR}/cgsolve.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/cgsolve.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The CMake package.
set(CGSOLVE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/cgsolve)
install(EXPORT cgsolveTargets NAMESPACE cgsolve:: DESTINATION ${CGSOLVE_CMAKE_DIR})
configure_package_config_file(cmake/cgsolveConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/cgsolveConfig.cmake
                              INSTALL_DESTINATION ${CGSOLVE_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/cgsolveConfigVersion.cmake
                                 COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/cgsolveConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/cgsolveConfigVersion.cmake
        DESTINATION ${CGSOLVE_CMAKE_DIR})

# The man page, and completions written by the program from its own option
# tables (the same ones --help is written from).
configure_file(docs/cgsolve.1.in ${CMAKE_CURRENT_BINARY_DIR}/cgsolve.1 @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/cgsolve.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
set(CGSOLVE_COMPLETIONS ${CMAKE_CURRENT_BINARY_DIR}/completions)
add_custom_command(
  OUTPUT ${CGSOLVE_COMPLETIONS}/cgsolve ${CGSOLVE_COMPLETIONS}/_cgsolve
         ${CGSOLVE_COMPLETIONS}/cgsolve.fish
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CGSOLVE_COMPLETIONS}
  COMMAND cgsolve completion bash > ${CGSOLVE_COMPLETIONS}/cgsolve
  COMMAND cgsolve completion zsh > ${CGSOLVE_COMPLETIONS}/_cgsolve
  COMMAND cgsolve completion fish > ${CGSOLVE_COMPLETIONS}/cgsolve.fish
  DEPENDS cgsolve
  COMMENT "Writing shell completions")
add_custom_target(completions ALL DEPENDS ${CGSOLVE_COMPLETIONS}/cgsolve)
install(FILES ${CGSOLVE_COMPLETIONS}/cgsolve
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${CGSOLVE_COMPLETIONS}/_cgsolve
        DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${CGSOLVE_COMPLETIONS}/cgsolve.fish
        DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
install(FILES LICENSE README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
