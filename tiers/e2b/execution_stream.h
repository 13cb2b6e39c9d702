#pragma once

#include "core/http_client.h"
#include "core/tier.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace sandbench {

// An error the code interpreter reported: an exception the code raised (Jupyter's ename, evalue,
// traceback), or one of the server's own (fromServer()).
struct ExecutionError {
    std::string name;
    std::string value;
    std::string traceback; // as sent: IPython's parts joined with no separator, with ANSI colour codes

    // The exit status python3 would have given: SystemExit's code (0 for none, 1 for a message), else 1.
    int exitCode() const;
    // What python3 would have printed on stderr: the traceback without colour codes, one line per part,
    // ending with the "Name: value" line; nothing for SystemExit with a number or none, the message for
    // SystemExit("text").
    std::string stderrText() const;
    // True for the errors the code interpreter makes up itself when it loses an execution (its kernel died
    // or restarted, its connection to the kernel broke): ContextRestarting, WebSocketError,
    // UnexpectedEndOfExecution and ExecutionAborted, which come without a traceback. The program raised
    // none of them, so none is its exception.
    bool fromServer() const;
    // What happened, for a fromServer() error: "the sandbox's Python kernel died and was restarted ...".
    std::string lossText() const;
};

// Reads the body of the code interpreter's POST /execute: one JSON object per line, each with a "type"
// (stdout, stderr, result, error, number_of_executions, end_of_execution, unexpected_end_of_execution),
// the server closing the stream with {"type": "end_of_execution"} (e2b-dev/code-interpreter
// template/server/stream.py and api/models/output.py; the SDKs' parse_output / parseOutput in
// python/e2b_code_interpreter/models.py and js/src/messaging.ts read it the same way).
// stdout and stderr text goes to `output` as it arrives, an error's traceback too (to stderr); results
// (a notebook's Out[] values and charts) are dropped, as python3 running a file shows none, and so is the
// warning IPython adds on stderr after sys.exit() in a cell. The server's own errors (the kernel died, its
// connection broke) are not program output: lost() holds them.
class ExecutionStream {
public:
    using Output = std::function<void(Stream, std::string_view)>;
    explicit ExecutionStream(Output output);

    // Feeds body bytes as they arrive; false once the stream is malformed (problem() says how), so the
    // caller can abort the transfer.
    bool feed(std::string_view bytes);
    // Reads a last line that arrived without a newline, once the transfer has ended cleanly; false when it
    // is not a whole message (the stream was cut off in it).
    bool finish();

    bool ended() const { return m_ended; }                                 // end_of_execution arrived
    const std::optional<ExecutionError>& error() const { return m_error; } // the program's exception
    // The code interpreter's own error when it lost the execution (ExecutionError::fromServer()).
    const std::optional<ExecutionError>& lost() const { return m_lost; }
    const std::string& problem() const { return m_problem; }
    // Bytes after the last newline: a line the stream was cut off in.
    std::size_t pendingBytes() const { return m_lines.pending().size(); }
    int linesRead() const { return m_lineCount; }

private:
    bool handleLine(std::string_view line);
    void emitStderr(std::string text); // without IPython's exit warning
    void releaseHeldStderr();

    Output m_output;
    LineSplitter m_lines;
    std::optional<ExecutionError> m_error;
    std::optional<ExecutionError> m_lost;
    std::string m_heldStderr; // the start of IPython's exit warning, until its second line shows
    std::string m_problem;
    bool m_ended = false;
    int m_lineCount = 0;
};

// The text with each ill-formed UTF-8 sequence replaced by U+FFFD, and each \u escape of a lone UTF-16
// surrogate (what Python's json.dumps writes for undecodable bytes) by \ufffd, so a JSON parser that
// insists on valid Unicode accepts it.
std::string repairJsonText(std::string_view text);

// Removes ANSI escape sequences (IPython colours its tracebacks).
std::string withoutAnsiEscapes(std::string_view text);

// IPython's traceback as the server sends it (its parts joined with no separator, in colour) as lines: the
// colours removed, and a line break after the "-----" rule and after the "Name   Traceback (most recent
// call last)" header, which the joining ran into the next part.
std::string tracebackLines(std::string_view traceback);

// The text without the two lines IPython writes to stderr when a cell calls sys.exit()
// ("<...>/IPython/core/interactiveshell.py:<n>: UserWarning: To exit: use 'exit', 'quit', or Ctrl-D." and
// "  warn(...)"), wherever they stand between whole lines.
std::string withoutExitWarning(std::string_view text);

} // namespace sandbench
