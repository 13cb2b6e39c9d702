#include "run_result.h"

#include "enum_names.h"
#include "lab_run.h"

#include <algorithm>
#include <cstring>
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
    case StopReason::ReadOnlyFilesystem:
        return "read_only_filesystem";
    }
    return "unknown";
}

std::optional<StopReason> stopReasonFromString(std::string_view name) {
    return enumFromString(name, StopReason::ReadOnlyFilesystem);
}

std::string signalName(int signal) {
    const char* abbreviation = ::sigabbrev_np(signal);
    return abbreviation ? std::string("SIG") + abbreviation : "signal " + std::to_string(signal);
}

RunResult RunResult::setupFailure(std::string tier, std::string evidence) {
    RunResult result;
    result.tier = std::move(tier);
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
    if (stoppedBy != StopReason::None) {
        // "cancelled: cancelled by the user" says it twice: evidence that opens with the reason stands alone.
        std::string reason(toString(stoppedBy));
        std::replace(reason.begin(), reason.end(), '_', ' ');
        if (evidence.empty())
            line += " — " + reason;
        else if (evidence.compare(0, reason.size(), reason) == 0)
            line += " — " + evidence;
        else
            line += " — " + std::string(toString(stoppedBy)) + ": " + evidence;
    } else if (!exitCode && !termSignal && !evidence.empty())
        line += " — " + evidence;
    return line;
}

std::string RunResult::toJson(bool asciiOnly) const {
    return dumpJson(nlohmann::json(*this), asciiOnly);
}

} // namespace sandbench
