# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the Debian package as a user would (`cpack -G DEB` in the build folder) and checks
# what apt will read from it: the binary, desktop entry, icon and metadata under /usr, and
# dependencies found by dpkg-shlibdeps (Qt 6, hiredis) with redis-server recommended.
#   cmake -DBUILD_DIR=... -DWORK_DIR=... -P checkpackage.cmake
if(NOT BUILD_DIR OR NOT WORK_DIR)
    message(FATAL_ERROR "BUILD_DIR and WORK_DIR are needed")
endif()
find_program(DPKG_DEB dpkg-deb)
if(NOT DPKG_DEB)
    message(FATAL_ERROR "dpkg-deb is missing (package dpkg)")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
execute_process(COMMAND cpack -G DEB -B ${WORK_DIR} --config ${BUILD_DIR}/CPackConfig.cmake
                WORKING_DIRECTORY ${BUILD_DIR}
                RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "cpack failed (${result}): ${out} ${err}")
endif()
file(GLOB debs ${WORK_DIR}/redlockscope_*_amd64.deb)
list(LENGTH debs count)
if(NOT count EQUAL 1)
    message(FATAL_ERROR "expected one .deb in ${WORK_DIR}, found: ${debs}")
endif()

execute_process(COMMAND ${DPKG_DEB} -f ${debs} Depends OUTPUT_VARIABLE depends)
execute_process(COMMAND ${DPKG_DEB} -f ${debs} Recommends OUTPUT_VARIABLE recommends)
foreach(needed libqt6widgets6 libqt6network6 libqt6charts6 libqt6svg6 libhiredis0.14)
    if(NOT depends MATCHES "${needed}")
        message(FATAL_ERROR "Depends lacks ${needed}: ${depends}")
    endif()
endforeach()
if(NOT recommends MATCHES "redis-server")
    message(FATAL_ERROR "Recommends lacks redis-server: ${recommends}")
endif()

execute_process(COMMAND ${DPKG_DEB} -c ${debs} OUTPUT_VARIABLE contents)
set(id io.github.redlockscope.RedlockScope)
foreach(file ./usr/bin/redlockscope ./usr/share/applications/${id}.desktop
        ./usr/share/icons/hicolor/scalable/apps/${id}.svg ./usr/share/metainfo/${id}.metainfo.xml)
    if(NOT contents MATCHES "${file}")
        message(FATAL_ERROR "the package lacks ${file}")
    endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
message(STATUS "package checked: ${debs}")
