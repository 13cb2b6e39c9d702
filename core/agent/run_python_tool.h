#pragma once

#include "conversation.h"
#include "core/run_result.h"

#include <optional>
#include <string>

namespace sandbench::agent {

// The one tool the model gets: run_python({"code": string}) -> stdout, stderr, exit code, timed out,
// seconds (and what stopped the run, with its evidence), as JSON.
ToolSpec runPythonToolSpec();

// The code of a run_python call, or nullopt with `problem` saying what the model got wrong (sent back to
// it as an error so it can correct itself).
std::optional<std::string> codeOfToolCall(const ToolCall& call, std::string& problem);

// The tool result for a finished run: its JSON, flagged as an error when the program did not exit 0.
// Output that is not UTF-8 is replaced character by character (the model only reads text).
ToolResult toolResultFor(const ToolCall& call, const RunResult& result);

} // namespace sandbench::agent
