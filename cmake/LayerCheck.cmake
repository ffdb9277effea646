# Enforces the dependency rule between the project's libraries:
#   tile-db, adjudicator: plain C++ (no Qt, no OpenCV)
#   vision: OpenCV allowed, no Qt
# The check walks each library's link dependencies at configure time and stops the
# configuration with a message naming the offending dependency. A source-level check
# (tests/check_layers.sh) complements it for stray #include lines.

function(_carc_collect_deps target out)
    set(seen "")
    set(queue "${target}")
    while(queue)
        list(POP_FRONT queue current)
        if(current IN_LIST seen)
            continue()
        endif()
        list(APPEND seen "${current}")
        if(TARGET "${current}")
            get_target_property(libs "${current}" LINK_LIBRARIES)
            get_target_property(ilibs "${current}" INTERFACE_LINK_LIBRARIES)
            foreach(lib IN LISTS libs ilibs)
                if(lib AND NOT lib MATCHES "-NOTFOUND$" AND NOT lib MATCHES "^\\$<")
                    list(APPEND queue "${lib}")
                endif()
            endforeach()
        endif()
    endwhile()
    set(${out} "${seen}" PARENT_SCOPE)
endfunction()

function(_carc_forbid target pattern what)
    if(NOT TARGET "${target}")
        return()
    endif()
    _carc_collect_deps("${target}" deps)
    foreach(dep IN LISTS deps)
        if(dep MATCHES "${pattern}")
            message(FATAL_ERROR "Layer rule broken: ${target} depends on ${dep} (${what}). "
                                "See the README of ${target}'s folder.")
        endif()
    endforeach()
endfunction()

function(carc_check_layers)
    set(qt "^Qt[0-9]*::|Qt6|Qt5")
    set(cv "^opencv_|OpenCV")
    _carc_forbid(tiledb "${qt}|${cv}" "tile-db may use only the C++ standard library")
    _carc_forbid(adjudicator "${qt}|${cv}" "the rules engine may not use Qt or OpenCV")
    _carc_forbid(vision "${qt}" "vision may use OpenCV but not Qt")
endfunction()
