#pragma once

#include "tier.h"

#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

namespace sandbench {

class BenchError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The p-th percentile (0..100) of samples, interpolated linearly between the closest ranks (as numpy's
// default does), so p50 of an even count is the mean of the middle two. 0 for no samples.
double percentile(std::vector<double> samples, double p);

struct LatencyStats {
    std::vector<double> samplesMs; // in the order they were taken
    double p50Ms = 0;
    double p95Ms = 0;
    double minMs = 0;
    double maxMs = 0;

    static LatencyStats from(std::vector<double> samplesMs);
};

struct BenchOptions {
    int runs = 10;
    Policy policy;
    std::vector<std::string> interpreter = RunRequest{}.interpreter;
    // The bare start the tier is compared with: `<baselineInterpreter> -I -c 'print(1)'`, unless the tier
    // names a reference command of its own (Tier::referenceCommand), which then reads print(1) on stdin.
    std::string baselineInterpreter = "/usr/bin/python3";
    // Every timed run takes a sandbox from the tier's warm pool (of at least one), never a cold one.
    bool warm = false;
};

struct LatencyReport {
    std::string tier;
    bool control = false;
    std::string mode = "cold"; // "cold": every run starts a fresh sandbox; "warm": each from the warm pool
    int runs = 0;
    std::string baselineCommand; // what the baseline timed, as a shell would show it
    std::string accelerator;     // what ran the tier's guests (microVM tiers), from the timed runs
    LatencyStats timed;          // print(1) through Tier::run, measured around the call
    LatencyStats baseline;       // the bare interpreter, measured in the same session
    double ratio = 0;            // tier p50 / baseline p50
};

// Times one start of `interpreter -I -c 'print(1)'`: posix_spawn, stdout read to end-of-file through a
// pipe, waitpid. Throws BenchError when it cannot start or does not print 1.
double timeBareInterpreterMs(const std::string& interpreter,
                             const std::map<std::string, std::string>& environment);
// Times one run of `command` with "print(1)" on its stdin, to end-of-file on stdout and its exit. Throws
// BenchError when it cannot start or does not print 1.
double timeReferenceCommandMs(const std::vector<std::string>& command);

// After one warm-up of each, alternates tier runs and bare starts (swapping which goes first every round)
// so drift in machine load lands on both. Throws BenchError when either cannot run print(1); returns
// nothing when `stop` was requested. `progress` gets (runs done, runs in all).
std::optional<LatencyReport> runLatencyBench(Tier& tier, const BenchOptions& options, std::stop_token stop,
                                             const std::function<void(int, int)>& progress = {});

} // namespace sandbench
