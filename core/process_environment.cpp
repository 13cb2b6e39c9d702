#include "process_environment.h"

#include <string_view>

extern char** environ;

namespace sandbench {

std::map<std::string, std::string> processEnvironment() {
    std::map<std::string, std::string> result;
    for (char** entry = environ; entry && *entry; ++entry) {
        const std::string_view text(*entry);
        const size_t equals = text.find('=');
        if (equals != std::string_view::npos)
            result.emplace(std::string(text.substr(0, equals)), std::string(text.substr(equals + 1)));
    }
    return result;
}

} // namespace sandbench
