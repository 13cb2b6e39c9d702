#include "layer_evidence.h"

#include "stop_evidence.h"

#include <charconv>
#include <cstring>
#include <regex>

namespace sandbench {

namespace {

bool contains(const std::string& text, const char* word) {
    return text.find(word) != std::string::npos;
}

// The first RLIMIT_* a tier's evidence names.
std::string rlimitNamed(const std::string& evidence) {
    static const std::regex name(R"(RLIMIT_[A-Z]+)");
    std::smatch match;
    return std::regex_search(evidence, match, name) ? match.str() : std::string();
}

// From the tier's own account: what stopped the run, named by the tier (reported, not inferred).
LayerFinding fromStopReason(const RunResult& result, const TierInfo& tier) {
    const std::string& evidence = result.evidence;
    const std::string rlimit = rlimitNamed(evidence);
    const bool cgroup = contains(evidence, "cgroup") || contains(evidence, "oom_kill") ||
                        contains(evidence, "memory.max") || contains(evidence, "pids.");
    switch (result.stoppedBy) {
    case StopReason::Timeout:
        return {"timeout", "wall clock", false};
    case StopReason::CpuLimit:
        return {"rlimit", rlimit.empty() ? "RLIMIT_CPU" : rlimit, false};
    case StopReason::MemoryLimit:
        if (cgroup)
            return {"cgroup", contains(evidence, "oom") ? "memory.max (OOM kill)" : "memory.max", false};
        if (tier.ownKernel && !contains(evidence, "RLIMIT"))
            return {"guest kernel", "the VM's memory", false};
        return {"rlimit", rlimit.empty() ? "RLIMIT_AS" : rlimit, false};
    case StopReason::ProcessLimit:
        if (cgroup)
            return {"cgroup", "pids.max", false};
        return {"rlimit", rlimit.empty() ? "RLIMIT_NPROC" : rlimit, false};
    case StopReason::FileSizeLimit:
        return {"rlimit", "RLIMIT_FSIZE", false};
    case StopReason::DiskLimit:
        return {"tmpfs size", "the working folder's size cap", false};
    case StopReason::OutputCap:
        return {"output cap", "bytes kept per stream", false};
    case StopReason::Seccomp: {
        // The first call the filter denied: "seccomp denied ptrace ×1, …", "… denied syscall 457 ×1".
        static const std::regex denied(R"(denied (syscall [0-9]+|[A-Za-z0-9_]+(\([A-Z_]+\))?))");
        static const std::regex syscall(R"(syscall ([a-z0-9_]+))");
        std::smatch match;
        if (std::regex_search(evidence, match, denied))
            return {"seccomp", match[1].str(), false};
        return {"seccomp", std::regex_search(evidence, match, syscall) ? match[1].str() : std::string(),
                false};
    }
    case StopReason::NoNetwork:
        return {tier.ownKernel ? "guest kernel" : "namespace",
                tier.ownKernel ? "the VM has no network device" : "network", false};
    case StopReason::FilesystemHidden:
        // A path that is not there: the sandbox's own view of the files hid it, whatever else that view is
        // (read-only too, say). The stop reason decides, never a word in the tier's description of its view.
        if (contains(evidence, "Landlock"))
            return {"landlock", "", false};
        return {tier.ownKernel ? "guest kernel" : "namespace",
                tier.ownKernel ? "the host's files are not in the VM" : "mount", false};
    case StopReason::ReadOnlyFilesystem:
        return {tier.ownKernel ? "guest kernel" : "read-only filesystem",
                tier.ownKernel ? "the guest's files are read-only" : "", false};
    case StopReason::Cancelled:
        return {"harness deadline", "", false};
    case StopReason::None:
    case StopReason::SetupFailure:
        break;
    }
    return {};
}

// From the attack's own report of a refusal, read against what the tier is (inferred).
LayerFinding fromDenial(const Denial& denial, const TierInfo& tier) {
    const std::string& e = denial.errnoName;
    const std::string& operation = denial.operation;
    const std::string what = operation.empty() ? e : operation + " " + e;
    if (e.empty())
        return {};
    if (tier.ownKernel)
        return {"guest kernel", what + " inside the VM, whose kernel and files are its own", true};
    if (tier.control) // no layers at all: what refused it is the host kernel itself
        return {"kernel", "the host's kernel refused " + what, true};
    if (e == "EOPNOTSUPP" || e == "ENOTSUP") // the subprocess and container tiers' seccomp answer
        return {"seccomp", what, true};
    if (operation.starts_with("getenv") || operation.find("/proc/self/environ") != std::string::npos)
        return {"environment", "only the policy's variables are passed (" + what + ")", true};
    if (operation.find("nosuid") != std::string::npos)
        return {"nosuid mount", what, true};
    if (operation.find("noexec-mount") != std::string::npos)
        return {"noexec mount", what, true};
    if (operation.starts_with("exec") && e == "EACCES") // a program written to a noexec folder
        return {"noexec mount", what, true};
    if ((e == "ENOENT" || e == "ESRCH") && operation.find("/proc/") != std::string::npos &&
        operation.find("/proc/self") == std::string::npos)
        return {"namespace", "PID: the host's processes are not visible (" + what + ")", true};
    if (e == "EROFS")
        return {"read-only filesystem", what, true};
    if (e == "ENOSPC")
        return {"tmpfs size", what, true};
    if (e == "EFBIG")
        return {"rlimit", "RLIMIT_FSIZE (" + what + ")", true};
    if (e == "ENOMEM")
        return {"rlimit", "RLIMIT_AS or cgroup memory (" + what + ")", true};
    if (e == "EAGAIN")
        return {"rlimit", "RLIMIT_NPROC or cgroup pids.max (" + what + ")", true};
    if (e == "ENETUNREACH" || e == "ECONNREFUSED" || e == "EHOSTUNREACH" || e == "EADDRNOTAVAIL")
        return {"namespace", "network (" + what + ")", true};
    if (e == "ENOENT" || e == "ENOTDIR")
        return {"namespace", "mount: not in the sandbox's view (" + what + ")", true};
    if (e == "ESRCH")
        return {"namespace", "PID: the process is not visible (" + what + ")", true};
    if (e == "ENOSYS" && tier.userSpaceKernel)
        return {"gVisor Sentry", "the Sentry does not implement it, or seccomp (" + what + ")", true};
    if (e == "ENOSYS")
        return {"seccomp", what, true};
    // Another process's memory, descriptors or environment: the kernel's ptrace access check said no,
    // because that process is not dumpable or runs as another uid; no filesystem rule is involved.
    if (e == "EACCES" && operation.find("/proc/") != std::string::npos &&
        operation.find("/proc/self") == std::string::npos &&
        (operation.find("/mem") != std::string::npos || operation.find("/environ") != std::string::npos ||
         operation.find("/fd") != std::string::npos || operation.find("/maps") != std::string::npos))
        return {"permissions",
                "ptrace access refused: the process is not dumpable or another user's (" + what + ")", true};
    if (e == "EACCES" && tier.name == "subprocess")
        return {"landlock", "or file permissions (" + what + ")", true};
    if (e == "EACCES")
        return {"permissions", "the sandbox's unprivileged user may not (" + what + ")", true};
    if (e == "EPERM")
        return {"seccomp", "or missing capabilities (" + what + ")", true};
    if (e == "EAFNOSUPPORT" || e == "EPROTONOSUPPORT")
        return {"seccomp", "or the socket family is absent (" + what + ")", true};
    if (e == "ENOTTY")
        return {"no terminal", what, true};
    return {"kernel", what, true};
}

} // namespace

Denial lastDenial(const std::string& stderrBytes) {
    Denial denial;
    static const std::regex denied(R"(DENIED (.*) (E[A-Z0-9]+)\s*$)");
    size_t end = stderrBytes.size();
    while (end > 0) {
        const size_t start = stderrBytes.rfind('\n', end - 1);
        const size_t from = start == std::string::npos ? 0 : start + 1;
        const std::string line = stderrBytes.substr(from, end - from);
        std::smatch match;
        if (std::regex_search(line, match, denied)) {
            denial.operation = match[1].str();
            denial.errnoName = match[2].str();
            return denial;
        }
        if (start == std::string::npos)
            break;
        end = start;
    }
    static const std::regex errnoNumber(R"(\[Errno ([0-9]+)\])");
    std::smatch match;
    const std::string exception = lastExceptionLine(stderrBytes);
    if (std::regex_search(exception, match, errnoNumber)) {
        // The program wrote this line: a number too large for an int is no errno, never an exception.
        int number = 0;
        const std::string digits = match[1].str();
        if (std::from_chars(digits.data(), digits.data() + digits.size(), number).ec == std::errc{})
            if (const char* name = ::strerrorname_np(number))
                denial.errnoName = name;
        denial.operation = exception.substr(0, exception.find(':'));
    }
    return denial;
}

// What a host-information attack saw instead of the host's value ("sandbox value: hostname 'sandbench'").
LayerFinding fromSandboxValue(const std::string& stderrBytes, const TierInfo& tier) {
    const size_t at = stderrBytes.rfind("sandbox value:");
    if (at == std::string::npos)
        return {};
    std::string seen = stderrBytes.substr(at + 14, stderrBytes.find('\n', at) - at - 14);
    while (!seen.empty() && seen.front() == ' ')
        seen.erase(0, 1);
    if (tier.ownKernel)
        return {"guest kernel", "the VM shows its own: " + seen, true};
    if (tier.userSpaceKernel)
        return {"gVisor Sentry", "the Sentry shows its own: " + seen, true};
    if (seen.find("hostname") != std::string::npos || seen.find("nodename") != std::string::npos)
        return {"namespace", "UTS: the sandbox has its own hostname (" + seen + ")", true};
    if (seen.find("process") != std::string::npos)
        return {"namespace", "PID: the sandbox sees only its own processes (" + seen + ")", true};
    return {"namespace", "the sandbox shows its own value (" + seen + ")", true};
}

LayerFinding findBlockingLayer(const RunResult& result, const TierInfo& tier) {
    if (LayerFinding reported = fromStopReason(result, tier); !reported.layer.empty())
        return reported;
    // A capped stream that lost the attack's marker: the tier's output cap decided it.
    if (result.stdoutTruncated || result.stderrTruncated)
        return {"output cap", "bytes kept per stream", false};
    if (LayerFinding seen = fromSandboxValue(result.stderrBytes, tier); !seen.layer.empty())
        return seen;
    if (LayerFinding inferred = fromDenial(lastDenial(result.stderrBytes), tier); !inferred.layer.empty())
        return inferred;
    if (tier.ownKernel)
        return {"guest kernel", "the attack failed inside the VM", true};
    if (result.termSignal)
        return {"kernel", "killed by " + signalName(*result.termSignal), true};
    return {"unknown", "the attack failed without saying why", true};
}

} // namespace sandbench
