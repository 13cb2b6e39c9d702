#include "run_python_tool.h"

#include "core/run_result.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace sandbench::agent {

namespace {
// Anthropic takes images of up to 5 MB each in a request; together below that keeps one call's result
// well inside a request's size, and a program cannot fill the model's context with pictures.
constexpr std::size_t kMaxToolImages = 4;
constexpr std::int64_t kMaxToolImageBytes = 3 * 1024 * 1024;
} // namespace

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
    // What the program left in /tmp/outputs: every model gets the names, sizes and types; the pictures also
    // go as images, within what a model API takes (PNG and JPEG, a few megabytes, a few per call).
    if (!result.artifacts.empty()) {
        nlohmann::json artifacts = nlohmann::json::array();
        std::int64_t imageBytes = 0;
        for (const Artifact& artifact : result.artifacts) {
            artifacts.push_back({{"name", artifact.name}, {"size", artifact.size}, {"type", artifact.type}});
            const bool picture = artifact.type == "image/png" || artifact.type == "image/jpeg";
            if (picture && !artifact.bytes.empty() && toolResult.images.size() < kMaxToolImages &&
                imageBytes + static_cast<std::int64_t>(artifact.bytes.size()) <= kMaxToolImageBytes) {
                imageBytes += static_cast<std::int64_t>(artifact.bytes.size());
                toolResult.images.push_back(ToolImage{artifact.name, artifact.type, artifact.bytes});
            }
        }
        content["artifacts"] = std::move(artifacts);
    }
    if (!result.artifactsDropped.empty())
        content["artifacts_dropped"] = result.artifactsDropped;
    // The reference flags every run that did not exit 0: a crash, a kill and a timeout are errors too.
    toolResult.isError = !(result.exitCode && *result.exitCode == 0);
    toolResult.content = content.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return toolResult;
}

} // namespace sandbench::agent
