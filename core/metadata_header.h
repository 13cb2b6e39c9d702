#pragma once

#include <string>
#include <string_view>

namespace sandbench {

// One line of the "# key: value" header that opens an attack or a bench workload: a lower-case key of
// a-z, 0-9, '_' and '-' and its value, both trimmed. False for any other line, which ends the header.
bool parseHeaderLine(std::string_view line, std::string& key, std::string& value);

// `text` without the spaces, tabs and carriage returns around it.
std::string trimmed(std::string_view text);

// A character a header key may hold.
bool isKeyCharacter(char c);

} // namespace sandbench
