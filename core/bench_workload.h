#pragma once

#include "policy.h"

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace sandbench {

// One program the bench times, from a workloads folder (workloads/*.py) or a file of the user's. Its header:
//   # name: cpu_loop                      (required; what --workload and the charts call it)
//   # measures: CPU-bound Python: ...     (required; one line for people)
//   # prints: 14999995                    (required; the whole of stdout, one line, when it did its work)
//   # policy: {"timeout_s": 120}          (optional; policy keys laid over the bench's own)
// A run whose stdout is anything else did not do the work, so its time says nothing: the bench fails it.
struct Workload {
    std::string fileName; // "03_cpu_loop.py"; empty for the built-in print(1)
    std::string name;
    std::string measures;
    std::string prints;
    std::string policyJson; // the header's policy object, empty for none
    std::string code;       // the whole file, header included

    // stdout of a run that did the work.
    std::string expectedStdout() const { return prints + "\n"; }
    bool operator==(const Workload&) const = default;
};

// A missing, unreadable or malformed workload; what() names the file and, when known, the line.
class WorkloadError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The largest workload the bench takes: a reference command reads it on stdin, written in one go.
inline constexpr std::size_t kMaximumWorkloadBytes = 32 * 1024;

// print(1), as the bench timed before it had workloads (and still does without --workload).
Workload printWorkload();

// Parses one workload. Throws WorkloadError.
Workload parseWorkload(const std::string& fileName, const std::string& text);
// Reads and parses one file. Throws WorkloadError.
Workload loadWorkloadFile(const std::filesystem::path& path);
// Every *.py of `folder`, sorted by file name. Throws WorkloadError for a bad file, two workloads with one
// name, or a folder that is missing or holds none.
std::vector<Workload> loadWorkloadFolder(const std::filesystem::path& folder);

// What `--workload` names, in order, without repeats: "all" (the whole folder), a workload's name in the
// folder, or a path to a file of one's own (anything with a '/' or ending in .py). Each choice may be a
// comma-separated list. Throws WorkloadError for a name the folder lacks (listing the ones it has).
std::vector<Workload> chooseWorkloads(const std::vector<std::string>& choices,
                                      const std::filesystem::path& folder);

// `base` with the workload's policy keys laid over it. Throws WorkloadError naming the workload's file when
// its policy is not valid.
Policy workloadPolicy(const Policy& base, const Workload& workload);

} // namespace sandbench
