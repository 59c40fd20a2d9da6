# The package files of `cmake --install`: the exported targets, the CMake
# package config with disc_add_model(), and disc.pc for pkg-config. The
# install() rules of the targets themselves sit beside each target.
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

set(DISC_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/disc")

install(EXPORT discTargets
        NAMESPACE disc::
        DESTINATION "${DISC_INSTALL_CMAKEDIR}")

configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/discConfig.cmake.in"
  "${CMAKE_CURRENT_BINARY_DIR}/discConfig.cmake"
  INSTALL_DESTINATION "${DISC_INSTALL_CMAKEDIR}"
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(
  "${CMAKE_CURRENT_BINARY_DIR}/discConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES
          "${CMAKE_CURRENT_BINARY_DIR}/discConfig.cmake"
          "${CMAKE_CURRENT_BINARY_DIR}/discConfigVersion.cmake"
          "${CMAKE_CURRENT_LIST_DIR}/DiscAddModel.cmake"
        DESTINATION "${DISC_INSTALL_CMAKEDIR}")

# The prefix is only known at install time, so disc.pc is written then.
install(CODE "
  set(CMAKE_INSTALL_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
  set(CMAKE_INSTALL_INCLUDEDIR \"${CMAKE_INSTALL_INCLUDEDIR}\")
  set(PROJECT_VERSION \"${PROJECT_VERSION}\")
  configure_file(\"${CMAKE_CURRENT_LIST_DIR}/disc.pc.in\"
                 \"${CMAKE_CURRENT_BINARY_DIR}/disc.pc\" @ONLY)
  file(INSTALL \"${CMAKE_CURRENT_BINARY_DIR}/disc.pc\"
       DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig\")
")
