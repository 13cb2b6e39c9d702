#pragma once

#include "raw_writer.h"
#include "terminal_filter.h"

#include <optional>
#include <string_view>

namespace sandbench::cli {

// One of a command's output descriptors, carrying both a program's (or a model's) bytes and Sandbench's
// own lines, kept apart on a terminal so no program can forge or hide what Sandbench reports:
//  - untrusted bytes pass a TerminalFilter when the descriptor is a terminal, unless --raw was given;
//  - own lines are shown in reverse video on a terminal (their text escaped too), which filtered output
//    cannot produce, since it holds no ESC.
// A pipe or a file gets every byte unchanged.
class TerminalOutput {
public:
    enum class Mode { Safe, Raw }; // Raw: --raw, untrusted bytes unfiltered even on a terminal

    TerminalOutput(int fd, Mode mode);
    bool isTerminal() const { return m_terminal; }

    void writeUntrusted(std::string_view bytes);
    // Ends one untrusted stream (a run's output, a model's reply): an incomplete UTF-8 character it ended
    // in is shown escaped. Returns whether that wrote anything.
    bool endUntrusted();
    // Sandbench's own text, whole lines; an untrusted character cut short by it is ended first.
    void writeOwn(std::string_view text);
    // Sandbench's own machine-readable output (--json), unchanged everywhere.
    void writeVerbatim(std::string_view bytes) { m_writer.write(bytes); }

private:
    RawWriter m_writer;
    bool m_terminal;
    std::optional<TerminalFilter> m_filter; // on a terminal in Safe mode
};

// The --raw option and what it changes, for the help of every command that streams a program's output.
inline constexpr const char* kTerminalOutputHelp =
    "  --raw               pass the program's bytes to the terminal unchanged. Without it, when the\n"
    "                      output is a terminal, control characters other than newline and tab, and\n"
    "                      bytes that are not valid UTF-8, are shown as \\xHH (\\x1b for ESC, \\x0d for a\n"
    "                      carriage return, \\xc2\\x9b for the C1 CSI), so a program cannot retitle the\n"
    "                      terminal, write its clipboard or overwrite lines. Pipes and files always get\n"
    "                      the bytes unchanged. On a terminal, Sandbench's own lines (the result line)\n"
    "                      are shown in reverse video, which escaped output cannot imitate.\n";

} // namespace sandbench::cli
