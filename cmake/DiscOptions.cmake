# Shared compile settings for every disc target.

# Compiler code follows LLVM: no RTTI, no exceptions.
function(disc_compiler_target_settings target)
  target_compile_options(${target} PRIVATE -fno-rtti -fno-exceptions)
  target_include_directories(${target} SYSTEM PUBLIC ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
  target_include_directories(${target} PUBLIC
    ${PROJECT_SOURCE_DIR}/compiler/include
    ${PROJECT_BINARY_DIR}/compiler/include)
  target_compile_definitions(${target} PUBLIC ${LLVM_DEFINITIONS})
endfunction()

# Adds a compiler library that links the shared libMLIR/libLLVM.
#   disc_add_compiler_library(name SOURCES... [DEPENDS tblgen targets] [LINK libs])
function(disc_add_compiler_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  disc_compiler_target_settings(${name})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC MLIR LLVM ${ARG_LINK})
endfunction()
