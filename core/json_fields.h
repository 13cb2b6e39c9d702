#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace sandbench {

// Where in a document a problem lies: in outcome N of a lab run (1-based; 0 when not in an outcome) and the
// part of it ("result", or empty for the outcome itself), or, outside an outcome, the part of the document
// ("result", "machine", "tier 2", "suite 3").
struct JsonPlace {
    int outcome = 0;
    std::string part;

    JsonPlace inside(std::string innerPart) const; // the same outcome, another part
    std::string describe() const;                  // "outcome 2, result", "tier 2", "the document"
};

// A JSON document that does not hold what it must. The pieces travel apart so that a front end can word the
// message in its own language (the workbench translates them); what() is the English sentence.
class JsonFormatError : public std::runtime_error {
public:
    enum class Problem {
        NotJson,           // `detail`: the parser's message, `byte`: where it stopped
        NotThisDocument,   // `detail`: what the document should have been
        NewerVersion,      // `value`: the version it claims
        NoOutcomes,        // a lab run without a single outcome
        NotAnObject,       // `key`, or the element at `place` itself when `key` is empty
        MissingKey,        // `key`
        NotAString,        // `key`
        NotABoolean,       // `key`
        NotANumber,        // `key`: must be a number, not negative
        NotAWholeNumber,   // `key`: must be a whole number or null
        NotAnInteger,      // `key`: must be a whole number
        OutOfRange,        // `key`
        NotAnArray,        // `key`
        NotAStringArray,   // `key`
        UnknownStopReason, // `key`, `value`
        UnknownVerdict,    // `key`, `value`
        UnknownName,       // `key`, `value`; `detail` lists the names it may have
        EmptyText,         // `key`: must not be empty
        BadPolicy,         // `key`; `detail`: the policy's own error
    };

    JsonFormatError(Problem problem, JsonPlace place, std::string key = {}, std::string value = {},
                    std::string detail = {}, std::size_t byte = 0);

    Problem problem() const { return m_problem; }
    const JsonPlace& place() const { return m_place; }
    const std::string& key() const { return m_key; }
    const std::string& value() const { return m_value; }
    const std::string& detail() const { return m_detail; }
    std::size_t byte() const { return m_byte; }

private:
    Problem m_problem;
    JsonPlace m_place;
    std::string m_key;
    std::string m_value;
    std::string m_detail;
    std::size_t m_byte;
};

// The keys of one JSON object, read with their types checked; every getter throws JsonFormatError naming
// the key and the place.
class JsonFields {
public:
    // Throws NotAnObject when `object` is not one.
    JsonFields(const nlohmann::json& object, JsonPlace place);

    const JsonPlace& place() const { return m_place; }
    bool has(const char* key) const { return m_object.contains(key); }
    const nlohmann::json& at(const char* key) const; // MissingKey when absent

    std::string text(const char* key) const;
    std::string nonEmptyText(const char* key) const;
    std::optional<std::string> textOrNull(const char* key) const;
    bool boolean(const char* key) const;
    double nonNegative(const char* key) const;
    std::optional<double> nonNegativeOrNull(const char* key) const;
    std::optional<std::int64_t> wholeOrNull(const char* key) const;
    std::optional<int> intOrNull(const char* key) const;
    int integer(const char* key) const;
    std::vector<std::string> texts(const char* key) const;
    const nlohmann::json& object(const char* key) const;
    const nlohmann::json& array(const char* key) const;

    [[noreturn]] void fail(JsonFormatError::Problem problem, const char* key, std::string value = {},
                           std::string detail = {}) const;

private:
    const nlohmann::json& m_object;
    JsonPlace m_place;
};

} // namespace sandbench
