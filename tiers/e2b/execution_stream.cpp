#include "execution_stream.h"

#include "core/utf8.h"

#include <cctype>
#include <charconv>
#include <nlohmann/json.hpp>

namespace sandbench {

namespace {

bool inRange(unsigned char byte, unsigned char low, unsigned char high) {
    return byte >= low && byte <= high;
}

int hexValue(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// The code unit of a "\uXXXX" escape starting at text[at] (the backslash), or -1.
int escapedUnit(std::string_view text, std::size_t at) {
    if (at + 6 > text.size() || text[at] != '\\' || text[at + 1] != 'u')
        return -1;
    int unit = 0;
    for (std::size_t i = at + 2; i < at + 6; ++i) {
        const int digit = hexValue(text[i]);
        if (digit < 0)
            return -1;
        unit = unit * 16 + digit;
    }
    return unit;
}

std::string trimmed(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return std::string(text);
}

std::optional<long> wholeNumber(const std::string& text) {
    long value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty())
        return std::nullopt;
    return value;
}

std::string stringField(const nlohmann::json& message, const char* key) {
    const auto found = message.find(key);
    return found != message.end() && found->is_string() ? found->get<std::string>() : std::string();
}

std::string preview(std::string_view line) {
    constexpr std::size_t kLength = 80;
    std::string shown = repairJsonText(line.substr(0, kLength));
    for (char& c : shown) {
        if (static_cast<unsigned char>(c) < 0x20)
            c = ' ';
    }
    return "\"" + shown + (line.size() > kLength ? "…\"" : "\"");
}

} // namespace

int ExecutionError::exitCode() const {
    if (name != "SystemExit")
        return 1;
    // Jupyter sends str(exception): "" for sys.exit(), "None", a number, or the message.
    const std::string code = trimmed(value);
    if (code.empty() || code == "None")
        return 0;
    if (const auto number = wholeNumber(code))
        return static_cast<int>(((*number % 256) + 256) % 256); // what the kernel's exit() would keep
    return 1;
}

std::string ExecutionError::stderrText() const {
    if (name == "SystemExit") {
        const std::string code = trimmed(value);
        if (code.empty() || code == "None" || wholeNumber(code))
            return {};
        return value + "\n";
    }
    const std::string lastLine = value.empty() ? name : name + ": " + value;
    std::string text = withoutAnsiEscapes(traceback);
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    if (text.empty())
        return lastLine + "\n";
    const std::size_t lineStart = text.rfind('\n');
    const std::string_view last =
        std::string_view(text).substr(lineStart == std::string::npos ? 0 : lineStart + 1);
    text += "\n";
    if (!last.starts_with(name)) // the stop evidence and the attack judge read the last "Name: value" line
        text += lastLine + "\n";
    return text;
}

ExecutionStream::ExecutionStream(Output output)
    : m_output(std::move(output)) {}

bool ExecutionStream::feed(std::string_view bytes) {
    if (!m_problem.empty())
        return false;
    return m_lines.feed(bytes, [this](std::string_view line) { return handleLine(line); });
}

bool ExecutionStream::finish() {
    if (!m_problem.empty())
        return false;
    const std::string last = m_lines.takePending();
    if (last.empty())
        return true;
    if (!handleLine(last)) {
        m_problem = "the output stream was cut off in the middle of a line (" + std::to_string(last.size()) +
                    " bytes with no newline): " + preview(last);
        return false;
    }
    return true;
}

bool ExecutionStream::handleLine(std::string_view line) {
    ++m_lineCount;
    if (m_ended || trimmed(line).empty())
        return true; // nothing is expected after end_of_execution
    nlohmann::json message = nlohmann::json::parse(line, nullptr, false);
    if (message.is_discarded())
        message = nlohmann::json::parse(repairJsonText(line), nullptr, false);
    if (message.is_discarded()) {
        m_problem =
            "line " + std::to_string(m_lineCount) + " of the output stream is not JSON: " + preview(line);
        return false;
    }
    if (!message.is_object() || !message.contains("type") || !message["type"].is_string()) {
        m_problem =
            "line " + std::to_string(m_lineCount) + " of the output stream has no \"type\": " + preview(line);
        return false;
    }
    const std::string type = message["type"].get<std::string>();
    if (type == "stdout" || type == "stderr") {
        if (!message.contains("text") || !message["text"].is_string()) {
            m_problem = "line " + std::to_string(m_lineCount) +
                        " of the output stream has no \"text\": " + preview(line);
            return false;
        }
        if (m_output)
            m_output(type == "stdout" ? Stream::Stdout : Stream::Stderr, message["text"].get<std::string>());
    } else if (type == "error" || type == "unexpected_end_of_execution") {
        ExecutionError error;
        if (type == "error") {
            error.name = stringField(message, "name");
            error.value = stringField(message, "value");
            // A string in current servers ("".join of Jupyter's list); some older ones sent the list.
            if (const auto traceback = message.find("traceback"); traceback != message.end()) {
                if (traceback->is_string()) {
                    error.traceback = traceback->get<std::string>();
                } else if (traceback->is_array()) {
                    for (const auto& part : *traceback) {
                        if (part.is_string())
                            error.traceback += part.get<std::string>() + "\n";
                    }
                }
            }
        } else {
            // What newer servers turn this message into (template/server/messaging.py).
            error.name = "UnexpectedEndOfExecution";
            error.value = "the code interpreter lost the execution before it finished";
        }
        if (!m_error) { // one error per execution; a repeat (execute_reply after the error message) adds
                        // nothing
            m_error = error;
            if (const std::string text = error.stderrText(); !text.empty() && m_output)
                m_output(Stream::Stderr, text);
        }
    } else if (type == "end_of_execution") {
        m_ended = true;
    }
    // "result" and "number_of_executions", and any type added later, are not program output.
    return true;
}

std::string repairJsonText(std::string_view text) {
    // Ill-formed UTF-8 first, then \u escapes of lone surrogates.
    const std::string valid = validUtf8(text);
    std::string repaired;
    repaired.reserve(valid.size());
    const std::string_view source(valid);
    for (std::size_t i = 0; i < source.size();) {
        if (source[i] != '\\') {
            repaired += source[i++];
            continue;
        }
        const int unit = escapedUnit(source, i);
        if (unit <
            0) { // another escape ("\\", "\n", ...): keep it whole so its second char is not read again
            repaired.append(source.substr(i, std::min<std::size_t>(2, source.size() - i)));
            i += 2;
            continue;
        }
        if (unit >= 0xD800 && unit <= 0xDBFF) {
            const int next = escapedUnit(source, i + 6);
            if (next >= 0xDC00 && next <= 0xDFFF) {
                repaired.append(source.substr(i, 12));
                i += 12;
                continue;
            }
            repaired += "\\ufffd";
        } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
            repaired += "\\ufffd";
        } else {
            repaired.append(source.substr(i, 6));
        }
        i += 6;
    }
    return repaired;
}

std::string withoutAnsiEscapes(std::string_view text) {
    std::string plain;
    plain.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        if (text[i] != '\x1b') {
            plain += text[i++];
            continue;
        }
        ++i;
        if (i < text.size() && text[i] == '[') { // CSI: parameters and intermediates, then a final byte
            ++i;
            while (i < text.size() && inRange(static_cast<unsigned char>(text[i]), 0x20, 0x3F))
                ++i;
            if (i < text.size())
                ++i;
        } else if (i < text.size()) {
            ++i; // a two-byte escape
        }
    }
    return plain;
}

} // namespace sandbench
