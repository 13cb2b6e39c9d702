#include "json_fields.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace sandbench {

using nlohmann::json;

namespace {

std::string quoted(const std::string& text) {
    return "\"" + text + "\"";
}

std::string sentence(JsonFormatError::Problem problem, const JsonPlace& place, const std::string& key,
                     const std::string& value, const std::string& detail, std::size_t byte) {
    using P = JsonFormatError::Problem;
    const std::string where = place.describe() + ": ";
    switch (problem) {
    case P::NotJson:
        return "Not valid JSON at byte " + std::to_string(byte) + ": " + detail;
    case P::NotThisDocument:
        return "Not " + detail;
    case P::NewerVersion:
        return where + "written by a newer Sandbench (format version " + value +
               "); update Sandbench to open it";
    case P::NoOutcomes:
        return "The lab run holds no outcomes";
    case P::NotAnObject:
        return where + (key.empty() ? "must be an object" : quoted(key) + " must be an object");
    case P::MissingKey:
        return where + "the key " + quoted(key) + " is missing";
    case P::NotAString:
        return where + quoted(key) + " must be a string";
    case P::NotABoolean:
        return where + quoted(key) + " must be true or false";
    case P::NotANumber:
        return where + quoted(key) + " must be a number, not negative";
    case P::NotAWholeNumber:
        return where + quoted(key) + " must be a whole number or null";
    case P::NotAnInteger:
        return where + quoted(key) + " must be a whole number";
    case P::OutOfRange:
        return where + quoted(key) + " is out of range";
    case P::NotAnArray:
        return where + quoted(key) + " must be an array";
    case P::NotAStringArray:
        return where + quoted(key) + " must be an array of strings";
    case P::UnknownStopReason:
        return where + quoted(key) + " is " + quoted(value) + ", not a known stop reason";
    case P::UnknownVerdict:
        return where + quoted(key) + " is " + quoted(value) + ", not BLOCKED, ALLOWED or ERROR";
    case P::UnknownName:
        return where + quoted(key) + " is " + quoted(value) + ", not " + detail;
    case P::EmptyText:
        return where + quoted(key) + " is empty";
    case P::BadPolicy:
        return where + quoted(key) + " is not a valid policy: " + detail;
    }
    return where + detail;
}

} // namespace

JsonPlace JsonPlace::inside(std::string innerPart) const {
    return JsonPlace{outcome, std::move(innerPart)};
}

std::string JsonPlace::describe() const {
    if (outcome > 0)
        return "outcome " + std::to_string(outcome) + (part.empty() ? "" : ", " + part);
    return part.empty() ? "the document" : part;
}

JsonFormatError::JsonFormatError(Problem problem, JsonPlace place, std::string key, std::string value,
                                 std::string detail, std::size_t byte)
    : std::runtime_error(sentence(problem, place, key, value, detail, byte))
    , m_problem(problem)
    , m_place(std::move(place))
    , m_key(std::move(key))
    , m_value(std::move(value))
    , m_detail(std::move(detail))
    , m_byte(byte) {}

JsonFields::JsonFields(const json& object, JsonPlace place)
    : m_object(object)
    , m_place(std::move(place)) {
    if (!object.is_object())
        throw JsonFormatError(JsonFormatError::Problem::NotAnObject, m_place);
}

void JsonFields::fail(JsonFormatError::Problem problem, const char* key, std::string value,
                      std::string detail) const {
    throw JsonFormatError(problem, m_place, key, std::move(value), std::move(detail));
}

const json& JsonFields::at(const char* key) const {
    const auto found = m_object.find(key);
    if (found == m_object.end())
        fail(JsonFormatError::Problem::MissingKey, key);
    return *found;
}

std::string JsonFields::text(const char* key) const {
    const json& value = at(key);
    if (!value.is_string())
        fail(JsonFormatError::Problem::NotAString, key);
    return value.get<std::string>();
}

std::string JsonFields::nonEmptyText(const char* key) const {
    std::string value = text(key);
    if (value.empty())
        fail(JsonFormatError::Problem::EmptyText, key);
    return value;
}

std::optional<std::string> JsonFields::textOrNull(const char* key) const {
    if (at(key).is_null())
        return std::nullopt;
    return text(key);
}

bool JsonFields::boolean(const char* key) const {
    const json& value = at(key);
    if (!value.is_boolean())
        fail(JsonFormatError::Problem::NotABoolean, key);
    return value.get<bool>();
}

double JsonFields::nonNegative(const char* key) const {
    const json& value = at(key);
    if (!value.is_number() || value.get<double>() < 0)
        fail(JsonFormatError::Problem::NotANumber, key);
    return value.get<double>();
}

std::optional<double> JsonFields::nonNegativeOrNull(const char* key) const {
    if (at(key).is_null())
        return std::nullopt;
    return nonNegative(key);
}

std::optional<std::int64_t> JsonFields::wholeOrNull(const char* key) const {
    const json& value = at(key);
    if (value.is_null())
        return std::nullopt;
    if (value.is_number_integer()) {
        if (value.is_number_unsigned() && value.get<std::uint64_t>() > std::uint64_t(INT64_MAX))
            fail(JsonFormatError::Problem::OutOfRange, key);
        return value.get<std::int64_t>();
    }
    // 3.0 is whole too: a writer in another language may print integers as floats.
    if (value.is_number_float()) {
        const double number = value.get<double>();
        if (std::trunc(number) == number && std::abs(number) < 9.2e18)
            return static_cast<std::int64_t>(number);
    }
    fail(JsonFormatError::Problem::NotAWholeNumber, key);
}

std::optional<int> JsonFields::intOrNull(const char* key) const {
    const std::optional<std::int64_t> value = wholeOrNull(key);
    if (value && (*value < INT_MIN || *value > INT_MAX))
        fail(JsonFormatError::Problem::OutOfRange, key);
    return value ? std::optional<int>(static_cast<int>(*value)) : std::nullopt;
}

int JsonFields::integer(const char* key) const {
    if (at(key).is_null())
        fail(JsonFormatError::Problem::NotAnInteger, key);
    const std::optional<int> value = intOrNull(key);
    return *value;
}

std::vector<std::string> JsonFields::texts(const char* key) const {
    const json& value = at(key);
    if (!value.is_array() ||
        !std::all_of(value.begin(), value.end(), [](const json& e) { return e.is_string(); }))
        fail(JsonFormatError::Problem::NotAStringArray, key);
    return value.get<std::vector<std::string>>();
}

const json& JsonFields::object(const char* key) const {
    const json& value = at(key);
    if (!value.is_object())
        fail(JsonFormatError::Problem::NotAnObject, key);
    return value;
}

const json& JsonFields::array(const char* key) const {
    const json& value = at(key);
    if (!value.is_array())
        fail(JsonFormatError::Problem::NotAnArray, key);
    return value;
}

} // namespace sandbench
