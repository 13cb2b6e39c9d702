#include "run_result.h"

#include <cstring>
#include <nlohmann/json.hpp>
#include <signal.h>

namespace sandbench {

std::string_view toString(StopReason reason) {
    switch (reason) {
    case StopReason::None:
        return "none";
    case StopReason::Timeout:
        return "timeout";
    case StopReason::CpuLimit:
        return "cpu_limit";
    case StopReason::MemoryLimit:
        return "memory_limit";
    case StopReason::ProcessLimit:
        return "process_limit";
    case StopReason::FileSizeLimit:
        return "file_size_limit";
    case StopReason::DiskLimit:
        return "disk_limit";
    case StopReason::OutputCap:
        return "output_cap";
    case StopReason::Seccomp:
        return "seccomp";
    case StopReason::NoNetwork:
        return "no_network";
    case StopReason::FilesystemHidden:
        return "filesystem_hidden";
    case StopReason::SetupFailure:
        return "setup_failure";
    case StopReason::Cancelled:
        return "cancelled";
    }
    return "unknown";
}

std::string signalName(int signal) {
    const char* abbreviation = ::sigabbrev_np(signal);
    return abbreviation ? std::string("SIG") + abbreviation : "signal " + std::to_string(signal);
}

RunResult RunResult::setupFailure(std::string backend, std::string evidence) {
    RunResult result;
    result.backend = std::move(backend);
    result.stoppedBy = StopReason::SetupFailure;
    result.evidence = std::move(evidence);
    return result;
}

std::string RunResult::summary() const {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.2f s", wallSeconds);
    std::string line;
    if (exitCode)
        line = "exit " + std::to_string(*exitCode);
    else if (termSignal)
        line = "killed by " + signalName(*termSignal);
    else if (stoppedBy == StopReason::None && !evidence.empty())
        line = "no exit status"; // it ran, but the tier lost track of how it ended (the evidence says why)
    else
        line = "did not run";
    line += std::string(" in ") + seconds;
    if (stoppedBy != StopReason::None)
        line += " — " + std::string(toString(stoppedBy)) + ": " + evidence;
    else if (!exitCode && !termSignal && !evidence.empty())
        line += " — " + evidence;
    return line;
}

std::string RunResult::toJson(bool asciiOnly) const {
    nlohmann::json object{
        {"backend", backend},
        {"stdout", stdoutBytes},
        {"stderr", stderrBytes},
        {"stdout_truncated", stdoutTruncated},
        {"stderr_truncated", stderrTruncated},
        {"exit_code", exitCode ? nlohmann::json(*exitCode) : nlohmann::json()},
        {"signal", termSignal ? nlohmann::json(*termSignal) : nlohmann::json()},
        {"timed_out", timedOut},
        {"wall_seconds", wallSeconds},
        {"warm_start", warmStart},
        {"accelerator", accelerator.empty() ? nlohmann::json() : nlohmann::json(accelerator)},
        {"cpu_seconds", cpuSeconds},
        {"peak_memory_kb", peakMemoryKb ? nlohmann::json(*peakMemoryKb) : nlohmann::json()},
        {"stopped_by", toString(stoppedBy)},
        {"evidence", evidence}};
    return object.dump(2, ' ', asciiOnly, nlohmann::json::error_handler_t::replace);
}

} // namespace sandbench
