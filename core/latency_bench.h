#pragma once

#include "bench_workload.h"
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
    Policy policy; // the workload's own policy keys are laid over it (workloadPolicy)
    std::map<std::string, std::string> secretValues; // typed in the workbench for the policy's secrets
    std::vector<std::string> interpreter = RunRequest{}.interpreter;
    // What every run does; its `prints` line checks that each run, the tier's and the baselines', did it.
    Workload workload = printWorkload();
    // The bare host the tier is compared with: `<baselineInterpreter> -I -c 'print(1)'` for the built-in
    // print(1), `<baselineInterpreter> -I -` with the workload on stdin in a fresh folder otherwise. A tier
    // that names a reference command of its own (Tier::referenceCommand) is also timed against that, with
    // the workload on stdin.
    std::string baselineInterpreter = "/usr/bin/python3";
    // Every timed run takes a sandbox from the tier's warm pool (of at least one), never a cold one.
    bool warm = false;
};

struct LatencyReport {
    std::string tier;
    bool control = false;
    std::string mode = "cold"; // "cold": every run starts a fresh sandbox; "warm": each from the warm pool
    int runs = 0;
    std::string workload = "print"; // the workload's name
    std::string workloadFile;       // its file name, empty for the built-in print(1)
    std::string baselineCommand;    // what the baseline timed, as a shell would show it
    std::string accelerator;        // what ran the tier's guests (microVM tiers), from the timed runs
    LatencyStats timed;             // the workload through Tier::run, measured around the call
    // The tier's own reference: its reference command where it has one, else the bare host (then the same
    // samples as `host`). No samples when the reference could not run the workload (referenceProblem).
    LatencyStats baseline;
    double ratio = 0;             // tier p50 / baseline p50; 0 without a baseline
    std::string referenceProblem; // why the reference command has no samples for this workload
    std::string hostCommand;      // the bare host run of the same workload
    LatencyStats host;            // measured in the same session, interleaved with the tier's runs
    double hostRatio = 0;         // tier p50 / host p50

    bool hasOwnReference() const { return baselineCommand != hostCommand; }
};

// Times one start of `interpreter -I -c 'print(1)'`: posix_spawn, stdout read to end-of-file through a
// pipe, waitpid. Throws BenchError when it cannot start or does not print 1.
double timeBareInterpreterMs(const std::string& interpreter,
                             const std::map<std::string, std::string>& environment);
// Times one run of `command` with "print(1)" on its stdin, to end-of-file on stdout and its exit. Throws
// BenchError when it cannot start or does not print 1.
double timeReferenceCommandMs(const std::vector<std::string>& command);
// Times one run of `command` with the workload on stdin and a fresh empty working folder, to end-of-file on
// stdout and its exit. Throws BenchError when it cannot start or does not print the workload's line.
double timeWorkloadCommandMs(const std::vector<std::string>& command, const Workload& workload,
                             const std::map<std::string, std::string>& environment);

// After one warm-up of each, alternates tier runs and baseline runs (swapping which goes first every round)
// so drift in machine load lands on all. Throws BenchError when the tier or the bare host cannot run the
// workload (or its output is not the workload's `prints` line); a reference command that cannot run it
// leaves the report's baseline empty with referenceProblem saying why. Returns nothing when `stop` was
// requested. `progress` gets (runs done, runs in all).
std::optional<LatencyReport> runLatencyBench(Tier& tier, const BenchOptions& options, std::stop_token stop,
                                             const std::function<void(int, int)>& progress = {});

} // namespace sandbench
