#pragma once

#include "core/http_client.h"
#include "core/tier.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace sandbench {

// An exception the code raised, as the code interpreter reports it (Jupyter's ename, evalue, traceback).
struct ExecutionError {
    std::string name;
    std::string value;
    std::string traceback; // as sent: IPython's, with ANSI colour codes

    // The exit status python3 would have given: SystemExit's code (0 for none, 1 for a message), else 1.
    int exitCode() const;
    // What python3 would have printed on stderr: the traceback without colour codes, ending with the
    // "Name: value" line; nothing for SystemExit with a number or none, the message for SystemExit("text").
    std::string stderrText() const;
};

// Reads the body of the code interpreter's POST /execute: one JSON object per line, each with a "type"
// (stdout, stderr, result, error, number_of_executions, end_of_execution, unexpected_end_of_execution),
// the server closing the stream with {"type": "end_of_execution"} (e2b-dev/code-interpreter
// template/server/stream.py and api/models/output.py; the SDKs' parse_output / parseOutput in
// python/e2b_code_interpreter/models.py and js/src/messaging.ts read it the same way).
// stdout and stderr text goes to `output` as it arrives, an error's traceback too (to stderr); results
// (a notebook's Out[] values and charts) are dropped, as python3 running a file shows none.
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

    bool ended() const { return m_ended; } // end_of_execution arrived
    const std::optional<ExecutionError>& error() const { return m_error; }
    const std::string& problem() const { return m_problem; }
    // Bytes after the last newline: a line the stream was cut off in.
    std::size_t pendingBytes() const { return m_lines.pending().size(); }
    int linesRead() const { return m_lineCount; }

private:
    bool handleLine(std::string_view line);

    Output m_output;
    LineSplitter m_lines;
    std::optional<ExecutionError> m_error;
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

} // namespace sandbench
