#pragma once

#include "core/run_differences.h"
#include "core/tier.h"
#include "transcript.h"

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

namespace sandbench::agent {

// A transcript file that cannot be replayed: what is wrong with it, naming the file and the problem.
class TranscriptFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Reads a saved transcript (`agent --transcript`, the workbench's Save Transcript). Throws
// TranscriptFileError for a file it cannot read, text that is not JSON, or a document that is not a
// transcript or misses a part, the message naming the file and what is wrong.
Transcript readTranscriptFile(const std::string& path);

// One tool call of the session, run again.
struct ReplayedCall {
    std::string callId;
    std::string code;
    std::string problem; // why the call never ran, in the session (then neither run is set)
    std::string originalTier;
    std::optional<RunResult> original; // as the transcript recorded it
    std::optional<RunResult> replayed;
    RunDifferences differences; // original (run 0) against the replay (run 1)

    bool differs() const { return !differences.empty(); }
};

// A session's tool calls run again on another tier, without the model: the same code under the session's
// policy, one after another in the session's order (a later call may read nothing an earlier one left:
// every run has a fresh sandbox, as in the session).
struct SessionReplay {
    std::string task;
    std::string tier; // where it was replayed
    Policy policy;
    std::vector<ReplayedCall> calls;
    bool cancelled = false;

    int differingCalls() const;
};

// Called after each call (its index in SessionReplay::calls), on the replaying thread.
using ReplayProgress = std::function<void(std::size_t index, const ReplayedCall& call)>;

// Runs every call of `transcript` that ran code again on `tier`. `stop` ends the call in progress
// (cancelled) and leaves the later ones unrun.
SessionReplay replaySession(const Transcript& transcript, Tier& tier, std::stop_token stop,
                            const ReplayProgress& progress = {});

// `replay --json`: {"task", "tier", "policy", "calls": [{"call_id", "code", "problem", "original_tier",
// "original", "replayed", "differences"}], "differing_calls", "cancelled"} (docs/cli-json.md).
nlohmann::json replayToJson(const SessionReplay& replay);

} // namespace sandbench::agent
