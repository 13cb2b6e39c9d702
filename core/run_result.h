#pragma once

#include "egress_policy.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandbench {

// What ended a run, when it did not simply finish. The order is stable: reports and JSON use the names.
enum class StopReason {
    None,
    Timeout,
    CpuLimit,
    MemoryLimit,
    ProcessLimit,
    FileSizeLimit,
    DiskLimit,
    OutputCap,
    Seccomp,
    NoNetwork,
    FilesystemHidden,
    SetupFailure,
    Cancelled,
    ReadOnlyFilesystem, // a write to a read-only mount (EROFS); FilesystemHidden is a path not in the view
};

std::string_view toString(StopReason reason);
// The reason toString() names; std::nullopt for any other text.
std::optional<StopReason> stopReasonFromString(std::string_view name);
// "SIGKILL" for 9; "signal 99" for a number the C library does not name.
std::string signalName(int signal);

// A file the program left in /tmp/outputs, brought back by the tier through a channel the program cannot
// write to (core/artifacts.h).
struct Artifact {
    std::string name; // sanitised: one path component, no control characters, never hidden
    std::int64_t size = 0;
    std::string type;  // sniffed from the bytes: image/png, image/jpeg, image/svg+xml, text/csv, text/plain,
                       // application/octet-stream
    std::string bytes; // empty when read back from JSON, which carries only the metadata

    bool operator==(const Artifact&) const = default;
};

struct RunResult {
    std::string tier;
    std::string stdoutBytes; // raw bytes, capped; may hold invalid UTF-8 and NULs
    std::string stderrBytes;
    bool stdoutTruncated = false;
    bool stderrTruncated = false;
    std::optional<int> exitCode;   // set when the program exited normally
    std::optional<int> termSignal; // set when a signal killed it
    bool timedOut = false;
    double wallSeconds = 0;
    bool warmStart = false;  // the sandbox was started before the run, from a tier's warm pool
    std::string accelerator; // microVM tiers: "kvm" or "tcg", which ran the guest; empty elsewhere
    std::string platform; // gVisor tiers: "kvm", "systrap" or "ptrace", how the Sentry ran; empty elsewhere
    // CPU time of all the run's processes, as the kernel counted it; unset where the tier could not
    // measure it (a run killed before its supervisor reported, a tier whose sandbox keeps it to itself).
    std::optional<double> cpuSeconds;
    std::optional<std::int64_t> peakMemoryKb;
    StopReason stoppedBy = StopReason::None;
    std::string evidence; // one line: what stopped it, naming the layer
    std::vector<Artifact> artifacts;
    // One line per file of /tmp/outputs that did not come back, and why (over a cap, not a regular file).
    std::vector<std::string> artifactsDropped;
    // Set where the tier collects no artifacts at all: what a user should know ("not collected on …").
    std::string artifactsNote;
    // With a network allow list: every decision of the run's egress proxy, in order (docs/cli-json.md).
    std::vector<EgressEvent> egress;

    // A run that never started: the tier could not set up its isolation, so no user code ran.
    static RunResult setupFailure(std::string tier, std::string evidence);

    bool succeeded() const { return exitCode == 0 && stoppedBy == StopReason::None; }
    // A short human line: "exit 0 in 0.02 s" or "killed by SIGKILL: killed at 5.0 s wall timeout".
    std::string summary() const;
    // The run result object of docs/cli-json.md as text (to_json in lab_run.h, written by dumpJson).
    // asciiOnly: every non-ASCII character as \uXXXX, for a terminal, where a C1 control (U+009B, CSI) in
    // a program's output would otherwise start an escape sequence.
    std::string toJson(bool asciiOnly = false) const;

    bool operator==(const RunResult&) const = default;
};

} // namespace sandbench
