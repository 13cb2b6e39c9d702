#include "terminal_output.h"

#include <string>
#include <unistd.h>

namespace sandbench::cli {

namespace {

constexpr std::string_view kOwnStyleOn = "\x1b[7m";  // reverse video
constexpr std::string_view kOwnStyleOff = "\x1b[0m"; // back to normal, before the newline

} // namespace

TerminalOutput::TerminalOutput(int fd, Mode mode)
    : m_writer(fd)
    , m_terminal(::isatty(fd) == 1) {
    if (m_terminal && mode == Mode::Safe)
        m_filter.emplace();
}

void TerminalOutput::writeUntrusted(std::string_view bytes) {
    if (m_filter)
        m_writer.write(m_filter->filter(bytes));
    else
        m_writer.write(bytes);
}

bool TerminalOutput::endUntrusted() {
    if (!m_filter || !m_filter->holding())
        return false;
    m_writer.write(m_filter->finish());
    return true;
}

void TerminalOutput::writeOwn(std::string_view text) {
    endUntrusted();
    if (!m_terminal) {
        m_writer.write(text);
        return;
    }
    // Styled line by line, so the newline (and a scrolled terminal's next line) stays unstyled.
    std::string styled;
    TerminalFilter escaper;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        if (!line.empty()) {
            styled += kOwnStyleOn;
            styled += escaper.filter(line);
            styled += escaper.finish();
            styled += kOwnStyleOff;
        }
        if (end == std::string_view::npos)
            break;
        styled += '\n';
        text.remove_prefix(end + 1);
    }
    m_writer.write(styled);
}

} // namespace sandbench::cli
