# cmake -DSOURCE_DIR=<repo> -DCLANG_FORMAT=<clang-format> -P CheckFormat.cmake
# Fails, naming the files, when a C++ source of engine/, app/ or tests/ differs from what the
# project's .clang-format makes of it. `make format` fixes them.
cmake_minimum_required(VERSION 3.24)
file(GLOB_RECURSE sources ${SOURCE_DIR}/engine/*.h ${SOURCE_DIR}/engine/*.cpp
     ${SOURCE_DIR}/cli/*.h ${SOURCE_DIR}/cli/*.cpp
     ${SOURCE_DIR}/app/*.h ${SOURCE_DIR}/app/*.cpp ${SOURCE_DIR}/tests/*.h
     ${SOURCE_DIR}/tests/*.cpp)
execute_process(COMMAND ${CLANG_FORMAT} --dry-run --Werror ${sources}
                WORKING_DIRECTORY ${SOURCE_DIR} RESULT_VARIABLE rc ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
    string(REGEX MATCHALL "[^\n]*: error: code should be clang-formatted" lines "${out}")
    set(files "")
    foreach(l ${lines})
        string(REGEX REPLACE ":[0-9]+:[0-9]+: error.*" "" f "${l}")
        list(APPEND files ${f})
    endforeach()
    list(REMOVE_DUPLICATES files)
    list(JOIN files "\n  " names)
    message(FATAL_ERROR "Not formatted with .clang-format (run `make format`):\n  ${names}")
endif()
message(STATUS "Format: every source follows .clang-format")
