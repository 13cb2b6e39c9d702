#include "metadata_header.h"

#include <algorithm>

namespace sandbench {

std::string trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r");
    return std::string(text.substr(first, last - first + 1));
}

bool isKeyCharacter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

bool parseHeaderLine(std::string_view line, std::string& key, std::string& value) {
    if (!line.starts_with('#'))
        return false;
    const std::string body = trimmed(line.substr(1));
    const auto colon = body.find(':');
    if (colon == std::string::npos || colon == 0)
        return false;
    const std::string candidate = body.substr(0, colon);
    if (!(candidate[0] >= 'a' && candidate[0] <= 'z') ||
        !std::all_of(candidate.begin(), candidate.end(), isKeyCharacter))
        return false;
    key = candidate;
    value = trimmed(std::string_view(body).substr(colon + 1));
    return true;
}

} // namespace sandbench
