#include "arguments.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace sandbench::cli {

Arguments::Arguments(std::vector<std::string> words)
    : m_words(std::move(words))
    , m_used(m_words.size(), false) {}

bool Arguments::flag(const std::string& name) {
    bool found = false;
    for (std::size_t i = 0; i < m_words.size() && m_words[i] != "--"; ++i) {
        if (m_words[i] == name) {
            m_used[i] = true;
            found = true;
        } else if (m_words[i].starts_with(name + "=")) {
            throw UsageError(name + " takes no value");
        }
    }
    return found;
}

std::optional<std::string> Arguments::value(const std::string& name) {
    const std::vector<std::string> all = values(name);
    if (all.empty())
        return std::nullopt;
    return all.back();
}

std::vector<std::string> Arguments::values(const std::string& name) {
    std::vector<std::string> found;
    for (std::size_t i = 0; i < m_words.size() && m_words[i] != "--"; ++i) {
        if (m_used[i])
            continue;
        if (m_words[i] == name) {
            if (i + 1 >= m_words.size() || m_used[i + 1])
                throw UsageError(name + " needs a value");
            m_used[i] = m_used[i + 1] = true;
            found.push_back(m_words[i + 1]);
            ++i;
        } else if (m_words[i].starts_with(name + "=")) {
            m_used[i] = true;
            found.push_back(m_words[i].substr(name.size() + 1));
        }
    }
    return found;
}

std::vector<std::string> Arguments::positionals() const {
    std::vector<std::string> result;
    bool optionsEnded = false;
    for (std::size_t i = 0; i < m_words.size(); ++i) {
        if (m_used[i])
            continue;
        if (!optionsEnded && m_words[i] == "--") {
            optionsEnded = true;
            continue;
        }
        if (!optionsEnded && m_words[i].size() > 1 && m_words[i][0] == '-')
            throw UsageError("unknown option " + m_words[i]);
        result.push_back(m_words[i]);
    }
    return result;
}

namespace {

std::string plainNumber(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

} // namespace

double parseNumber(const std::string& option, const std::string& text, double min, double max,
                   const std::string& unit) {
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value))
        throw UsageError(option + " needs a number of " + unit + ", not \"" + text + "\"");
    if (value < min || value > max) {
        throw UsageError(option + " must be between " + plainNumber(min) + " and " + plainNumber(max) + " " +
                         unit);
    }
    return value;
}

double parseSeconds(const std::string& option, const std::string& text, double min, double max) {
    return parseNumber(option, text, min, max, "seconds");
}

long long parseWhole(const std::string& option, const std::string& text, long long min, long long max) {
    long long value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
        throw UsageError(option + " needs a whole number, not \"" + text + "\"");
    if (value < min || value > max)
        throw UsageError(option + " must be between " + std::to_string(min) + " and " + std::to_string(max));
    return value;
}

} // namespace sandbench::cli
