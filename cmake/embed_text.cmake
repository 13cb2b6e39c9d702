# Writes a C++ header that holds a text file as a string constant, so a library without Qt resources can
# ship a file that is edited as itself (a style sheet). Run as a build step:
#   cmake -DINPUT=file.css -DOUTPUT=file_css.h -DNAME=kConstantName -P embed_text.cmake
# The header declares `inline constexpr std::string_view NAME` in namespace sandbench.
foreach(variable INPUT OUTPUT NAME)
    if(NOT DEFINED ${variable})
        message(FATAL_ERROR "embed_text.cmake needs -D${variable}=...")
    endif()
endforeach()

file(READ "${INPUT}" text)
set(delimiter "embedded")
string(FIND "${text}" ")${delimiter}\"" clash)
if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${INPUT} contains )${delimiter}\", which would end the raw string literal")
endif()

cmake_path(GET INPUT FILENAME source_name)
file(WRITE "${OUTPUT}"
     "// Generated from ${source_name} by cmake/embed_text.cmake: edit that file, not this one.\n"
     "#pragma once\n\n#include <string_view>\n\nnamespace sandbench {\n\n"
     "inline constexpr std::string_view ${NAME} = R\"${delimiter}(${text})${delimiter}\";\n\n"
     "} // namespace sandbench\n")
