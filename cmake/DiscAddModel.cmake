# disc_add_model(<target> SOURCES <model.mlir> [TARGET <device>] [OPTIONS <flag>...])
#
# Compiles <model.mlir> with disc-compile at build time into
# ${CMAKE_CURRENT_BINARY_DIR}/<target>.so, and adds the custom target <target>
# that builds it. The model is rebuilt when the .mlir or disc-compile changes.
# The .so path is the target property DISC_MODEL_FILE
# ($<TARGET_PROPERTY:<target>,DISC_MODEL_FILE>) and the variable
# <target>_MODEL_FILE in the caller's scope.
#
# With STATIC the model is compiled with --emit=obj into <target>.o plus the
# header <target>.h (exports prefixed with <target>, made a C identifier), and
# <target> is an INTERFACE library: linking it adds the object, the header's
# folder and disc::runtime_stub to the program, which opens the model with
# disc_model_open_static(<target>_model(), ...). DISC_MODEL_FILE is the .o.
function(disc_add_model target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "STATIC" "TARGET" "SOURCES;OPTIONS")
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
  if(ARG_STATIC)
    set(model_dir "${CMAKE_CURRENT_BINARY_DIR}/disc_models/${target}")
    set(model_file "${model_dir}/${target}.o")
    set(header_file "${model_dir}/${target}.h")
    add_custom_command(
      OUTPUT "${model_file}" "${header_file}"
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${model_dir}"
      COMMAND disc::disc-compile "${source}" --emit=obj -o "${model_file}"
              --header "${header_file}" --target ${ARG_TARGET} ${ARG_OPTIONS}
      DEPENDS "${source}" disc::disc-compile
      COMMENT "Compiling model ${target} from ${ARG_SOURCES} (object)"
      VERBATIM)
    add_custom_target(${target}_model DEPENDS "${model_file}" "${header_file}")
    add_library(${target} INTERFACE)
    add_dependencies(${target} ${target}_model)
    set_source_files_properties("${model_file}" PROPERTIES
                                EXTERNAL_OBJECT TRUE GENERATED TRUE)
    target_sources(${target} INTERFACE "${model_file}")
    target_include_directories(${target} INTERFACE "${model_dir}")
    target_link_libraries(${target} INTERFACE disc::runtime_stub m)
    set_target_properties(${target} PROPERTIES DISC_MODEL_FILE "${model_file}")
    set(${target}_MODEL_FILE "${model_file}" PARENT_SCOPE)
    return()
  endif()
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
