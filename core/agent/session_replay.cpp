#include "session_replay.h"

#include "core/json_fields.h"
#include "core/lab_run.h"
#include "core/tier_comparison.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace sandbench::agent {

Transcript readTranscriptFile(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw TranscriptFileError("cannot read the transcript " + path + ": " + std::strerror(errno));
    std::ostringstream text;
    text << file.rdbuf();
    nlohmann::json document;
    try {
        document = nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::parse_error& error) {
        throw TranscriptFileError(path + " is not JSON: " + error.what());
    }
    if (!document.is_object() || document.value("format", std::string()) != "sandbench-agent-transcript")
        throw TranscriptFileError(path + " is not a Sandbench agent transcript (its \"format\" is not "
                                         "\"sandbench-agent-transcript\")");
    try {
        return Transcript::fromJson(document);
    } catch (const JsonFormatError& error) {
        // A run's recorded result: JsonFormatError names the key; the place is the run's result.
        throw TranscriptFileError(path + ": a run's result is malformed: " + error.what());
    } catch (const PolicyError& error) {
        throw TranscriptFileError(path + ": its policy is malformed: " + error.what());
    } catch (const nlohmann::json::exception& error) {
        // "[json.exception.out_of_range.403] key 'runs' not found": the part of the message after "] ".
        const std::string message = error.what();
        const auto start = message.find("] ");
        throw TranscriptFileError(path + " is not a complete transcript: " +
                                  (start == std::string::npos ? message : message.substr(start + 2)));
    }
}

int SessionReplay::differingCalls() const {
    int count = 0;
    for (const ReplayedCall& call : calls)
        count += call.differs() ? 1 : 0;
    return count;
}

SessionReplay replaySession(const Transcript& transcript, Tier& tier, std::stop_token stop,
                            const ReplayProgress& progress) {
    SessionReplay replay;
    replay.task = transcript.task;
    replay.tier = tier.name();
    replay.policy = transcript.policy;
    for (const ToolRun& run : transcript.runs) {
        ReplayedCall call;
        call.callId = run.call.id;
        call.code = run.code;
        call.problem = run.problem;
        call.originalTier = run.tier;
        call.original = run.result;
        if (!run.code.empty() && run.result && !stop.stop_requested()) {
            RunRequest request;
            request.code = run.code;
            request.policy = transcript.policy;
            call.replayed = tier.run(request, {}, stop);
            call.differences = compareRunResults({&*call.original, &*call.replayed});
        }
        replay.calls.push_back(std::move(call));
        if (progress)
            progress(replay.calls.size() - 1, replay.calls.back());
    }
    replay.cancelled = stop.stop_requested();
    return replay;
}

nlohmann::json replayToJson(const SessionReplay& replay) {
    nlohmann::json calls = nlohmann::json::array();
    for (const ReplayedCall& call : replay.calls) {
        calls.push_back(
            {{"call_id", call.callId},
             {"code", call.code},
             {"problem", call.problem},
             {"original_tier", call.originalTier},
             {"original", call.original ? nlohmann::json(*call.original) : nlohmann::json()},
             {"replayed", call.replayed ? nlohmann::json(*call.replayed) : nlohmann::json()},
             {"differences", call.replayed ? differencesToJson(call.differences, {"original", "replayed"})
                                           : nlohmann::json()}});
    }
    return {{"task", replay.task},
            {"tier", replay.tier},
            {"policy", nlohmann::json::parse(replay.policy.toJson())},
            {"calls", std::move(calls)},
            {"differing_calls", replay.differingCalls()},
            {"cancelled", replay.cancelled}};
}

} // namespace sandbench::agent
