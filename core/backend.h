#pragma once

#include "policy.h"
#include "run_result.h"

#include <functional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace sandbench {

struct RunRequest {
    std::string code;
    // The interpreter and its flags; the program's path is appended. -u keeps output live through pipes.
    std::vector<std::string> interpreter{"/usr/bin/python3", "-I", "-u"};
    Policy policy;
};

enum class Stream { Stdout, Stderr };

// Receives output as it is produced, in order per stream, already capped. Called on the running thread.
using OutputSink = std::function<void(Stream, std::string_view)>;

struct ProbeResult {
    bool available = false;
    std::string reason;             // when unavailable: what is wrong and how to fix it
    std::vector<std::string> notes; // facts worth showing either way (e.g. "Landlock ABI 7")
};

// One isolation tier. Implementations must be safe to call run() on from several threads at once.
class Backend {
public:
    virtual ~Backend() = default;
    virtual std::string name() const = 0;
    virtual std::string description() const = 0;
    // True only for the unprotected control tier, so front ends can label it.
    virtual bool isControl() const { return false; }
    virtual ProbeResult probe() = 0;
    // Runs the request to completion, cancellation or timeout. Never throws for the program's behaviour;
    // a tier that cannot set up its isolation returns StopReason::SetupFailure and runs nothing.
    virtual RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) = 0;
};

} // namespace sandbench
