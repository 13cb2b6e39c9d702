#include "run_python_tool.h"

#include "core/run_result.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace sandbench::agent {

ToolSpec runPythonToolSpec() {
    // The reference agent.py's TOOL, word for word, so results compare with it.
    return ToolSpec{
        "run_python",
        "Run Python code in a sandbox. Returns stdout, stderr and the exit code. Files do not persist.",
        nlohmann::json{{"type", "object"},
                       {"properties", {{"code", {{"type", "string"}}}}},
                       {"required", nlohmann::json::array({"code"})}}};
}

std::optional<std::string> codeOfToolCall(const ToolCall& call, std::string& problem) {
    if (call.name != "run_python") {
        problem = "There is no tool named \"" + call.name + "\". The only tool is run_python.";
        return std::nullopt;
    }
    if (!call.arguments.is_object()) {
        problem = "The arguments of run_python were not a JSON object";
        if (!call.rawArguments.empty())
            problem += " (received: " + call.rawArguments.substr(0, 200) + ")";
        problem += ". Send {\"code\": \"...\"}.";
        return std::nullopt;
    }
    const auto code = call.arguments.find("code");
    if (code == call.arguments.end() || !code->is_string()) {
        problem = "run_python needs a string argument \"code\", as in {\"code\": \"print(1)\"}.";
        return std::nullopt;
    }
    return code->get<std::string>();
}

ToolResult toolResultFor(const ToolCall& call, const RunResult& result) {
    nlohmann::json content{
        {"stdout", result.stdoutBytes},
        {"stderr", result.stderrBytes},
        {"exit_code", result.exitCode ? nlohmann::json(*result.exitCode) : nlohmann::json()},
        {"timed_out", result.timedOut},
        {"seconds", std::round(result.wallSeconds * 1000) / 1000},
    };
    if (result.termSignal)
        content["signal"] = signalName(*result.termSignal);
    if (result.stdoutTruncated)
        content["stdout_truncated"] = true;
    if (result.stderrTruncated)
        content["stderr_truncated"] = true;
    if (result.stoppedBy != StopReason::None)
        content["stopped_by"] = toString(result.stoppedBy);
    if (!result.evidence.empty())
        content["evidence"] = result.evidence;
    ToolResult toolResult;
    toolResult.toolCallId = call.id;
    // The reference flags every run that did not exit 0: a crash, a kill and a timeout are errors too.
    toolResult.isError = !(result.exitCode && *result.exitCode == 0);
    toolResult.content = content.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return toolResult;
}

} // namespace sandbench::agent
