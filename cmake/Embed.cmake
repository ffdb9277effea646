# carc_embed(OUT_CPP NAMESPACE FUNCTION FILES...): generates a C++ file defining
#   const std::vector<std::pair<std::string, std::string>>& NAMESPACE::FUNCTION()
# that returns (file name, contents) for each file, so data ships inside the program.
set(CARC_EMBED_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/EmbedFiles.cmake")
function(carc_embed out namespace function)
    add_custom_command(
        OUTPUT "${out}"
        COMMAND "${CMAKE_COMMAND}" -DOUT=${out} -DNS=${namespace} -DFUNC=${function}
                -P "${CARC_EMBED_SCRIPT}" ${ARGN}
        DEPENDS ${ARGN} "${CARC_EMBED_SCRIPT}"
        COMMENT "Embedding ${function}")
    # The whole file is one literal: beyond the 64 KiB the standard guarantees, which GCC and
    # clang both accept; only -Wpedantic (clang) remarks on it.
    set_source_files_properties("${out}" PROPERTIES COMPILE_OPTIONS "-Wno-overlength-strings")
endfunction()
