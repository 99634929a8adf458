# cmake -DINPUT=file -DOUTPUT=file.cpp -DSYMBOL=name -P EmbedText.cmake
# Writes a C++ source defining `const char *const topoplan::SYMBOL` with INPUT's text, as a
# list of raw string pieces (compilers cap the length of one literal).
file(READ ${INPUT} content)
string(LENGTH "${content}" len)
set(out "// Generated from ${INPUT}; do not edit.\nnamespace topoplan {\nextern const char *const ${SYMBOL};\nconst char *const ${SYMBOL} =\n")
set(pos 0)
while(pos LESS len)
    string(SUBSTRING "${content}" ${pos} 8000 piece)
    string(APPEND out "R\"topoplan_embed(${piece})topoplan_embed\"\n")
    math(EXPR pos "${pos} + 8000")
endwhile()
string(APPEND out ";\n}\n")
file(WRITE ${OUTPUT} "${out}")
