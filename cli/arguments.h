#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace sandbench::cli {

// A mistake in how the command was called; main() prints it with a hint to --help.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The words after the command name, consumed option by option. Options may come as "--name value" or
// "--name=value"; "--" ends the options; a lone "-" is a positional (stdin).
class Arguments {
public:
    explicit Arguments(std::vector<std::string> words);

    bool flag(const std::string& name);                        // --name
    std::optional<std::string> value(const std::string& name); // --name VALUE; the last one wins
    std::vector<std::string> values(const std::string& name);  // every --name VALUE, in order
    // Everything not consumed as an option; call after every option was asked for. Throws UsageError for
    // an option nobody asked about.
    std::vector<std::string> positionals() const;

private:
    std::vector<std::string> m_words;
    std::vector<bool> m_used;
};

// Strict number parsing: the whole word must be a number in [min, max], else UsageError naming the option.
double parseNumber(const std::string& option, const std::string& text, double min, double max,
                   const std::string& unit);
double parseSeconds(const std::string& option, const std::string& text, double min, double max);
long long parseWhole(const std::string& option, const std::string& text, long long min, long long max);

} // namespace sandbench::cli
