#include "stop_evidence.h"

#include <csignal>
#include <cstdio>
#include <regex>

namespace sandbench {

std::string lastExceptionLine(const std::string& stderrBytes) {
    static const std::regex exceptionLine(
        R"(^([A-Za-z_][A-Za-z0-9_.]*(Error|Exception|Exit|Interrupt))(:.*)?$)");
    std::string found;
    std::size_t start = 0;
    while (start < stderrBytes.size()) {
        std::size_t end = stderrBytes.find('\n', start);
        if (end == std::string::npos)
            end = stderrBytes.size();
        std::string line = stderrBytes.substr(start, end - start);
        if (std::regex_match(line, exceptionLine))
            found = std::move(line);
        start = end + 1;
    }
    return found;
}

namespace {

bool contains(const std::string& haystack, const char* needle) {
    return haystack.find(needle) != std::string::npos;
}

void set(RunResult& result, StopReason reason, std::string evidence) {
    result.stoppedBy = reason;
    result.evidence = std::move(evidence);
}

} // namespace

std::string formatSeconds(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", seconds);
    return text;
}

void explainStop(RunResult& result, const Policy& policy, const TierLayers& layers) {
    if (result.stoppedBy != StopReason::None)
        return;

    if (result.termSignal) {
        const int signal = *result.termSignal;
        const int cpuLimit = policy.effectiveCpuSeconds();
        const bool cpuSpent = result.cpuSeconds && *result.cpuSeconds >= cpuLimit - 0.5;
        if (signal == SIGXCPU || (signal == SIGKILL && cpuSpent)) {
            set(result, StopReason::CpuLimit,
                "killed by " + signalName(signal) + " at the " + std::to_string(cpuLimit) + " s CPU limit" +
                    (result.cpuSeconds ? " (" + formatSeconds(*result.cpuSeconds) + " s CPU used)" : ""));
            return;
        }
        if (signal == SIGXFSZ) {
            set(result, StopReason::FileSizeLimit,
                "killed by SIGXFSZ: file larger than the " + std::to_string(policy.fileSizeMb) + " MB " +
                    layers.fileSize);
            return;
        }
        if (signal == SIGSYS) {
            set(result, StopReason::Seccomp, "killed by SIGSYS: a system call forbidden by seccomp");
            return;
        }
    }

    const std::string exception = lastExceptionLine(result.stderrBytes);
    const std::string& err = result.stderrBytes;
    if (contains(exception, "MemoryError") || (exception.empty() && contains(err, "MemoryError"))) {
        set(result, StopReason::MemoryLimit,
            "MemoryError under the " + std::to_string(policy.memoryMb) + " MB " + layers.memory);
    } else if (contains(err, "[Errno 11] Resource temporarily unavailable") &&
               (contains(err, "fork") || exception.rfind("BlockingIOError", 0) == 0)) {
        // A program read from stdin shows no source lines, so an uncaught fork() failure is known by its
        // type.
        set(result, StopReason::ProcessLimit,
            "fork: EAGAIN under the " + std::to_string(policy.processes) + "-process " + layers.processes);
    } else if (contains(err, "[Errno 27] File too large")) {
        set(result, StopReason::FileSizeLimit,
            "write: EFBIG, file larger than the " + std::to_string(policy.fileSizeMb) + " MB " +
                layers.fileSize);
    } else if (contains(err, "[Errno 28] No space left on device")) {
        set(result, StopReason::DiskLimit,
            "write: ENOSPC, the " + std::to_string(policy.workdirMb) + " MB " + layers.disk + " is full");
    } else if (contains(err, "[Errno 101] Network is unreachable")) {
        set(result, StopReason::NoNetwork, "connect: network unreachable (" + layers.network + ")");
    } else if (contains(err, "[Errno 111] Connection refused") && !policy.network) {
        set(result, StopReason::NoNetwork, "connect: connection refused (" + layers.network + ")");
    } else if (contains(exception, "FileNotFoundError") && contains(exception, "[Errno 2]")) {
        set(result, StopReason::FilesystemHidden,
            "path not present in sandbox (" + layers.filesystem +
                "): " + exception.substr(exception.find("[Errno 2]")));
    } else if (contains(exception, "[Errno 30] Read-only file system")) {
        set(result, StopReason::ReadOnlyFilesystem,
            "write: EROFS, read-only filesystem (" + layers.readOnly + ")");
    }
}

} // namespace sandbench
