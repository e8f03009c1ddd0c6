# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the build into a temporary prefix, as `cmake --install` would for a user, and
# checks that a desktop finds the program there: the binary (which runs), its .desktop entry,
# its icon, its AppStream metadata and its bash completion, each valid by the desktop's own validators when they
# are installed (desktop-file-validate, appstreamcli).
#   cmake -DBUILD_DIR=... -DWORK_DIR=... -P checkinstall.cmake
if(NOT BUILD_DIR OR NOT WORK_DIR)
    message(FATAL_ERROR "BUILD_DIR and WORK_DIR are needed")
endif()
set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${prefix})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix}
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "cmake --install failed (${result}): ${err}")
endif()

set(id io.github.redlockscope.RedlockScope)
foreach(file
        bin/redlockscope
        share/applications/${id}.desktop
        share/icons/hicolor/scalable/apps/${id}.svg
        share/metainfo/${id}.metainfo.xml
        share/bash-completion/completions/redlockscope)
    if(NOT EXISTS ${prefix}/${file})
        message(FATAL_ERROR "not installed: ${file}")
    endif()
endforeach()

execute_process(COMMAND ${prefix}/bin/redlockscope --version
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT result EQUAL 0 OR NOT out MATCHES "redlockscope")
    message(FATAL_ERROR "the installed binary does not run: ${result} ${out} ${err}")
endif()

file(STRINGS ${prefix}/share/applications/${id}.desktop exec REGEX "^Exec=")
file(STRINGS ${prefix}/share/applications/${id}.desktop icon REGEX "^Icon=")
if(NOT exec STREQUAL "Exec=redlockscope" OR NOT icon STREQUAL "Icon=${id}")
    message(FATAL_ERROR "the .desktop entry names ${exec} and ${icon}")
endif()

find_program(DESKTOP_FILE_VALIDATE desktop-file-validate)
if(DESKTOP_FILE_VALIDATE)
    execute_process(COMMAND ${DESKTOP_FILE_VALIDATE} ${prefix}/share/applications/${id}.desktop
                    RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT result EQUAL 0 OR out MATCHES "error")
        message(FATAL_ERROR "desktop-file-validate: ${out} ${err}")
    endif()
endif()
find_program(APPSTREAMCLI appstreamcli)
if(APPSTREAMCLI)
    execute_process(COMMAND ${APPSTREAMCLI} validate --no-net
                            ${prefix}/share/metainfo/${id}.metainfo.xml
                    RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "appstreamcli validate: ${out} ${err}")
    endif()
endif()
file(REMOVE_RECURSE ${prefix})
message(STATUS "installed and checked: binary, .desktop, icon, AppStream metadata, completion")
