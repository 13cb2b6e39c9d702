#include "execution_stream.h"

#include "core/utf8.h"

#include <algorithm>
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

// IPython's warning when a cell raises SystemExit (InteractiveShell.run_code calls
// warn("To exit: use 'exit', 'quit', or Ctrl-D.", stacklevel=1)), as warnings.showwarning writes it.
constexpr std::string_view kExitWarningTail = ": UserWarning: To exit: use 'exit', 'quit', or Ctrl-D.";
constexpr std::string_view kExitWarningSource =
    "  warn(\"To exit: use 'exit', 'quit', or Ctrl-D.\", stacklevel=1)";
constexpr std::string_view kShellSource = "/IPython/core/interactiveshell.py:";

// "<...>/IPython/core/interactiveshell.py:<line>: UserWarning: To exit: use 'exit', 'quit', or Ctrl-D."
bool isExitWarning(std::string_view line) {
    if (!line.ends_with(kExitWarningTail))
        return false;
    line.remove_suffix(kExitWarningTail.size());
    std::size_t digits = 0;
    while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[line.size() - 1 - digits])))
        ++digits;
    line.remove_suffix(digits);
    return digits > 0 && line.ends_with(kShellSource);
}

// Where the line that `end` (one past its '\n', or the text's end) closes begins.
std::size_t lineStartBefore(std::string_view text, std::size_t end) {
    const std::size_t newline = end >= 2 ? text.rfind('\n', end - 2) : std::string_view::npos;
    return newline == std::string_view::npos ? 0 : newline + 1;
}

// The code interpreter's own errors (template/server/messaging.py): each stands for an execution it lost.
struct ServerError {
    std::string_view name;
    std::string_view what;
};
constexpr ServerError kServerErrors[] = {
    {"ContextRestarting", "the sandbox's Python kernel died and was restarted while the program ran"},
    {"WebSocketError", "the code interpreter lost its connection to the Python kernel while the program ran"},
    {"UnexpectedEndOfExecution", "the code interpreter lost the execution before it finished"},
    {"ExecutionAborted", "the code interpreter aborted the execution before it finished"},
};

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
    std::string text = tracebackLines(traceback);
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    if (text.empty())
        return lastLine + "\n";
    // The last part, "Name: value", on a line of its own even when the part before it had no newline.
    if (const std::size_t at = text.rfind(lastLine);
        at != std::string::npos && at > 0 && at + lastLine.size() == text.size() && text[at - 1] != '\n')
        text.insert(at, "\n");
    const std::size_t lineStart = text.rfind('\n');
    const std::string_view last =
        std::string_view(text).substr(lineStart == std::string::npos ? 0 : lineStart + 1);
    text += "\n";
    if (!last.starts_with(name)) // the stop evidence and the attack judge read the last "Name: value" line
        text += lastLine + "\n";
    return text;
}

bool ExecutionError::fromServer() const {
    // A program may raise an exception of the same name, but then IPython sends its traceback.
    return trimmed(withoutAnsiEscapes(traceback)).empty() &&
           std::any_of(std::begin(kServerErrors), std::end(kServerErrors),
                       [this](const ServerError& known) { return known.name == name; });
}

std::string ExecutionError::lossText() const {
    std::string what = "the code interpreter lost the program";
    for (const ServerError& known : kServerErrors) {
        if (known.name == name)
            what = known.what;
    }
    const std::string reported = trimmed(value).empty() ? name : name + ": " + trimmed(value);
    return what + " (it reported " + reported +
           "), so the program ended without a Python exception and its exit status is unknown: a kernel "
           "ends so when the program calls os._exit(), crashes, or is killed for want of memory";
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
    if (last.empty()) {
        releaseHeldStderr();
        return true;
    }
    if (!handleLine(last)) {
        m_problem = "the output stream was cut off in the middle of a line (" + std::to_string(last.size()) +
                    " bytes with no newline): " + preview(last);
        return false;
    }
    releaseHeldStderr();
    return true;
}

void ExecutionStream::emitStderr(std::string text) {
    std::string all = withoutExitWarning(m_heldStderr + text);
    m_heldStderr.clear();
    // The warning's first line at the end, its second still to come (or half here): held until the next
    // message shows whether it is the warning.
    const std::string_view view(all);
    std::size_t hold = std::string::npos;
    if (view.ends_with('\n')) {
        if (const std::size_t start = lineStartBefore(view, view.size());
            isExitWarning(view.substr(start, view.size() - 1 - start)))
            hold = start;
    } else if (const std::size_t partial = lineStartBefore(view, view.size());
               partial > 0 && kExitWarningSource.starts_with(view.substr(partial))) {
        if (const std::size_t start = lineStartBefore(view, partial);
            isExitWarning(view.substr(start, partial - 1 - start)))
            hold = start;
    }
    if (hold != std::string::npos) {
        m_heldStderr = all.substr(hold);
        all.resize(hold);
    }
    if (!all.empty() && m_output)
        m_output(Stream::Stderr, all);
}

void ExecutionStream::releaseHeldStderr() {
    if (!m_heldStderr.empty() && m_output)
        m_output(Stream::Stderr, m_heldStderr);
    m_heldStderr.clear();
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
    if (type != "stderr")
        releaseHeldStderr();
    if (type == "stdout" || type == "stderr") {
        if (!message.contains("text") || !message["text"].is_string()) {
            m_problem = "line " + std::to_string(m_lineCount) +
                        " of the output stream has no \"text\": " + preview(line);
            return false;
        }
        if (type == "stderr")
            emitStderr(message["text"].get<std::string>());
        else if (m_output)
            m_output(Stream::Stdout, message["text"].get<std::string>());
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
            error.value = "Connection to the execution was closed before the execution was finished";
        }
        if (error.fromServer()) {
            if (!m_lost)
                m_lost = error;
        } else if (!m_error) { // one error per execution: a repeat (the execute_reply's) adds nothing
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

std::string tracebackLines(std::string_view traceback) {
    std::string text = withoutAnsiEscapes(traceback);
    constexpr std::string_view kHeader = "Traceback (most recent call last)";
    std::string lines;
    lines.reserve(text.size() + 8);
    for (std::size_t i = 0; i < text.size();) {
        const bool lineStart = i == 0 || text[i - 1] == '\n';
        // IPython's rule, a line of dashes: the header part follows it with no newline.
        if (lineStart && text[i] == '-') {
            std::size_t end = i;
            while (end < text.size() && text[end] == '-')
                ++end;
            lines.append(text, i, end - i);
            if (end - i >= 20 && end < text.size() && text[end] != '\n')
                lines += '\n';
            i = end;
            continue;
        }
        // "ZeroDivisionError     Traceback (most recent call last)", then the first frame's part.
        if (std::string_view(text).substr(i).starts_with(kHeader)) {
            const std::size_t end = i + kHeader.size();
            lines.append(text, i, kHeader.size());
            if (end < text.size() && text[end] != '\n' && text[end] != ':')
                lines += '\n';
            i = end;
            continue;
        }
        lines += text[i++];
    }
    return lines;
}

std::string withoutExitWarning(std::string_view text) {
    std::string kept;
    kept.reserve(text.size());
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) {
            kept.append(text.substr(at));
            break;
        }
        const std::size_t next = text.find('\n', end + 1);
        if (next != std::string_view::npos && isExitWarning(text.substr(at, end - at)) &&
            text.substr(end + 1, next - end - 1) == kExitWarningSource) {
            at = next + 1;
            continue;
        }
        kept.append(text.substr(at, end + 1 - at));
        at = end + 1;
    }
    return kept;
}

} // namespace sandbench
