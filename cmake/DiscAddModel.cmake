# disc_add_model(<target> SOURCES <model.mlir> [TARGET <device>] [OPTIONS <flag>...])
#
# Compiles <model.mlir> with disc-compile at build time into
# ${CMAKE_CURRENT_BINARY_DIR}/<target>.so, and adds the custom target <target>
# that builds it. The model is rebuilt when the .mlir or disc-compile changes.
# The .so path is the target property DISC_MODEL_FILE
# ($<TARGET_PROPERTY:<target>,DISC_MODEL_FILE>) and the variable
# <target>_MODEL_FILE in the caller's scope.
function(disc_add_model target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "TARGET" "SOURCES;OPTIONS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "disc_add_model(${target}): unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  list(LENGTH ARG_SOURCES source_count)
  if(NOT source_count EQUAL 1)
    message(FATAL_ERROR "disc_add_model(${target}): SOURCES takes exactly one .mlir file")
  endif()
  if(NOT TARGET disc::disc-compile)
    message(FATAL_ERROR "disc_add_model(${target}): this disc install has no disc-compile")
  endif()
  if(NOT ARG_TARGET)
    set(ARG_TARGET cpu)
  endif()

  get_filename_component(source "${ARG_SOURCES}" ABSOLUTE)
  set(model_file "${CMAKE_CURRENT_BINARY_DIR}/${target}.so")
  add_custom_command(
    OUTPUT "${model_file}"
    COMMAND disc::disc-compile "${source}" -o "${model_file}"
            --target ${ARG_TARGET} ${ARG_OPTIONS}
    DEPENDS "${source}" disc::disc-compile
    COMMENT "Compiling model ${target} from ${ARG_SOURCES}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS "${model_file}")
  set_target_properties(${target} PROPERTIES DISC_MODEL_FILE "${model_file}")
  set(${target}_MODEL_FILE "${model_file}" PARENT_SCOPE)
endfunction()
