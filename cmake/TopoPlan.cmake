# Helpers that keep each folder's CMakeLists a few lines (after Qt Creator's QtCreatorAPI.cmake).

# Defines every Qt target gets: no implicit char* <-> QString conversions, no Q_FOREACH.
set(TOPOPLAN_QT_DEFINES
    QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_NO_CAST_FROM_BYTEARRAY QT_NO_FOREACH
    QT_NO_URL_CAST_FROM_STRING QT_USE_QSTRINGBUILDER QT_NO_KEYWORDS)

# topoplan_add_test(NAME SOURCES... LIBS...): one Qt Test executable per area, run by ctest.
# SRCDIR points at the test's folder and TOPOPLAN_SOURCE_DIR at the repository, for test data
# and resources/catalog.json.
function(topoplan_add_test name)
    cmake_parse_arguments(T "" "" "SOURCES;LIBS" ${ARGN})
    add_executable(${name} ${T_SOURCES})
    set_target_properties(${name} PROPERTIES AUTOMOC ON)
    target_link_libraries(${name} PRIVATE ${T_LIBS} Qt6::Test)
    target_compile_definitions(${name} PRIVATE ${TOPOPLAN_QT_DEFINES}
        SRCDIR="${CMAKE_CURRENT_SOURCE_DIR}/"
        TOPOPLAN_SOURCE_DIR="${PROJECT_SOURCE_DIR}/"
        TOPOPLAN_SHARED_DIR="${PROJECT_SOURCE_DIR}/../shared/")
    add_test(NAME ${name} COMMAND ${name})
    set_tests_properties(${name} PROPERTIES ENVIRONMENT "QT_QPA_PLATFORM=offscreen;LC_ALL=C.UTF-8;LANG=C")
endfunction()

# topoplan_embed_text(FILE SYMBOL OUTVAR): a generated .cpp (path in OUTVAR) that defines
# `const char *const topoplan::SYMBOL` holding FILE's text (FILE relative to the repository),
# regenerated when FILE changes.
function(topoplan_embed_text file symbol outvar)
    get_filename_component(base ${file} NAME_WE)
    set(input ${PROJECT_SOURCE_DIR}/${file})
    set(output ${CMAKE_CURRENT_BINARY_DIR}/builtin_${base}.cpp)
    add_custom_command(
        OUTPUT ${output}
        COMMAND ${CMAKE_COMMAND} -DINPUT=${input} -DOUTPUT=${output} -DSYMBOL=${symbol}
                -P ${PROJECT_SOURCE_DIR}/cmake/EmbedText.cmake
        DEPENDS ${input} ${PROJECT_SOURCE_DIR}/cmake/EmbedText.cmake
        COMMENT "Embedding ${file}")
    set(${outvar} ${output} PARENT_SCOPE)
endfunction()

# topoplan_folder(TARGET FOLDER FILES...): adds FOLDER/FILE of the calling directory to TARGET
# for each FILE. One call per folder keeps every source named (no file(GLOB)), so the folder
# a file lives in is visible in the build too.
function(topoplan_folder target folder)
    list(TRANSFORM ARGN PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/${folder}/)
    target_sources(${target} PRIVATE ${ARGN})
endfunction()
