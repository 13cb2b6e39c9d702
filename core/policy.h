#pragma once

#include "egress_policy.h"

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace sandbench {

// What the workbench allows a program before it runs. The agent never sets this; the user does.
struct Policy {
    double timeoutSeconds = 5.0;         // wall clock, measured by the tier
    int cpuSeconds = 0;                  // per process; 0 means "the timeout rounded up, plus one"
    std::int64_t memoryMb = 256;         // address space per process (subprocess), cgroup memory (container)
    int processes = 20;                  // processes the program may have at once, itself included
    double cpus = 1.0;                   // CPU share (container cgroup quota, microVM vCPUs, rounded up)
    std::int64_t fileSizeMb = 1;         // largest file a program may write
    std::int64_t workdirMb = 16;         // total size of the private writable working folder
    std::int64_t outputCapBytes = 10000; // kept per stream; the rest is drained and dropped
    bool network = false;                // false: an empty network namespace, no route anywhere
    // With an allow list ("network": {"allow": [...]}) `network` stays false: no route anywhere, and the
    // only way out is Sandbench's egress proxy, to the listed names; secrets reach their hosts through it.
    EgressPolicy egress;
    // MPLBACKEND, MPLCONFIGDIR and XDG_CACHE_HOME: matplotlib draws headless and keeps its config and font
    // cache, and fontconfig (which it runs) its cache, in the working folder (every tier's /tmp), as the
    // sandbox has no home folder; both complain on stderr otherwise.
    std::map<std::string, std::string> environment{{"PATH", "/usr/bin:/bin"},
                                                   {"LANG", "C.UTF-8"},
                                                   {"MPLBACKEND", "Agg"},
                                                   {"MPLCONFIGDIR", "/tmp"},
                                                   {"XDG_CACHE_HOME", "/tmp"}};
    // Host files and folders the program may read, each at /data/<its name>, never writable. The user sets
    // them, never the program; a run whose inputs are missing or together larger than inputsMb is refused.
    std::vector<std::string> inputs; // absolute host paths
    std::int64_t inputsMb = 100;
    // What comes back of the files the program leaves in /tmp/outputs: at most this many, this large in all.
    int artifactsMax = 20;
    std::int64_t artifactsMb = 10;

    // The effective CPU limit in seconds, resolving the 0 default.
    int effectiveCpuSeconds() const;
    // One line for people: "timeout 5 s, memory 256 MB, 20 processes, 1 CPU, files 1 MB, network off".
    std::string summary() const;

    // Strict parsing: unknown keys, wrong types and out-of-range values throw PolicyError naming the key.
    static Policy fromJson(const std::string& text);
    std::string toJson() const;

    bool operator==(const Policy&) const = default;
};

class PolicyError : public std::runtime_error {
public:
    PolicyError(std::string key, const std::string& message)
        : std::runtime_error(message)
        , m_key(std::move(key)) {}
    const std::string& key() const { return m_key; }

private:
    std::string m_key;
};

// Text added after the kept part of a stream that hit the output cap.
inline constexpr const char* kOutputTruncatedMarker = "\n[output truncated]\n";

} // namespace sandbench
