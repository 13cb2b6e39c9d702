#include "gvisor_platform.h"

#include "core/random_token.h"
#include "tiers/common/process_spawn.h"
#include "tiers/microvm/kvm_probe.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <unistd.h>

namespace sandbench {

namespace {

constexpr double kAnswerSeconds = 20;
// A tiny sandbox starts in about half a second here; a platform that has not started one in this time
// would make every run wait as long.
constexpr double kTrialSeconds = 8;

bool has(const std::vector<std::string>& list, const std::string& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

std::string firstLine(const std::string& text) {
    return text.substr(0, text.find('\n'));
}

std::string bootId() {
    std::ifstream file("/proc/sys/kernel/random/boot_id");
    std::string id;
    std::getline(file, id);
    return id;
}

// Where KVM's trial verdict for this host boot is kept: a hanging trial costs its whole deadline, which
// every `tiers` and every run would otherwise pay again.
std::string verdictFile() {
    const char* cache = std::getenv("XDG_CACHE_HOME");
    const char* home = std::getenv("HOME");
    const std::string base = cache && *cache ? std::string(cache)
                             : home && *home ? std::string(home) + "/.cache"
                                             : std::string();
    return base.empty() ? std::string() : base + "/sandbench/gvisor-kvm-verdict";
}

} // namespace

bool findRunsc(RunscFacts& facts, std::string& reason) {
    if (const char* chosen = std::getenv("SANDBENCH_RUNSC"); chosen && *chosen) {
        if (::access(chosen, X_OK) != 0) {
            reason = std::string("SANDBENCH_RUNSC names ") + chosen +
                     ", which is not an executable runsc: unset it, or install runsc with "
                     "scripts/setup-gvisor-tier.sh";
            return false;
        }
        facts.path = chosen;
    }
    if (facts.path.empty())
        facts.path = findOnPath("runsc");
    if (facts.path.empty() && ::access("/usr/bin/runsc", X_OK) == 0)
        facts.path = "/usr/bin/runsc";
    if (facts.path.empty()) {
        reason =
            "gVisor's runsc is not installed: run scripts/setup-gvisor-tier.sh (it installs Debian's runsc "
            "package and registers it with Docker), or sudo apt install runsc";
        return false;
    }
    // runsc is driven like an engine's CLI: a program, its arguments, a deadline.
    const ContainerEngine runsc{EngineKind::Docker, facts.path, false, {}, {}};
    const EngineReply version = runEngineCommand(runsc, {"--version"}, kAnswerSeconds);
    if (!version.ok()) {
        reason = facts.path + " does not answer (`runsc --version`: " + version.complaint() +
                 "): reinstall it (sudo apt install --reinstall runsc)";
        return false;
    }
    facts.version = firstLine(version.out);
    if (facts.version.rfind("runsc version ", 0) == 0)
        facts.version.erase(0, 14);
    // The flag's help lists the platforms: "specifies which platform to use: ptrace (default), kvm."
    const EngineReply flags = runEngineCommand(runsc, {"flags"}, kAnswerSeconds);
    const std::string text = flags.out + flags.err;
    const std::size_t at = text.find("-platform string");
    const std::string help = at == std::string::npos ? std::string() : text.substr(at, 200);
    facts.platforms = {"ptrace"};
    for (const char* platform : {"systrap", "kvm"})
        if (help.find(platform) != std::string::npos)
            facts.platforms.emplace_back(platform);
    return true;
}

bool dockerHasGvisorRuntime(const ContainerEngine& engine, const std::string& platform, std::string& reason) {
    const EngineReply reply =
        runEngineCommand(engine, {"info", "--format", "{{json .Runtimes}}"}, kAnswerSeconds);
    ContainerRuntime runtime;
    runtime.platform = platform;
    if (reply.ok() && reply.out.find('"' + runtime.dockerName(false) + '"') != std::string::npos &&
        reply.out.find('"' + runtime.dockerName(true) + '"') != std::string::npos)
        return true;
    reason =
        "Docker has no " + runtime.dockerName(false) + " runtime registered" +
        (reply.ok() ? std::string() : " (docker info: " + reply.complaint() + ")") +
        ": run scripts/setup-gvisor-tier.sh, which registers runsc with Docker, or choose the podman engine";
    return false;
}

bool dockerHasGvisorEgressRuntime(const ContainerEngine& engine, std::string& reason) {
    const EngineReply reply =
        runEngineCommand(engine, {"info", "--format", "{{json .Runtimes}}"}, kAnswerSeconds);
    const std::string name = engine.runtime.dockerEgressName();
    if (reply.ok() && reply.out.find('"' + name + '"') != std::string::npos)
        return true;
    reason = "Docker has no " + name +
             " runtime registered, which a network allow list needs on the gVisor tier" +
             (reply.ok() ? std::string() : " (docker info: " + reply.complaint() + ")") +
             ": run scripts/setup-gvisor-tier.sh again, which registers it, or choose the podman engine";
    return false;
}

std::string platformTrialFailure(const ContainerEngine& engine, const std::string& image) {
    const std::string name = "sandbench-gvisor-trial-" + randomHexToken(6);
    std::vector<std::string> args{"run", "--rm", "--name", name};
    const std::vector<std::string> labels = ownerLabels();
    args.insert(args.end(), labels.begin(), labels.end());
    if (engine.kind == EngineKind::Docker)
        args.insert(args.end(), {"--runtime", engine.runtime.dockerName(false)});
    args.insert(args.end(), {"--pull", "never", "--log-driver", "none", "--network", "none", "--cap-drop",
                             "ALL", "--user", "65534:65534", image, "/bin/true"});
    const EngineReply reply = runEngineCommand(engine, args, kTrialSeconds);
    if (reply.ok())
        return {};
    // A hung sandbox outlives its killed client: end it by name.
    runEngineCommand(engine, {"rm", "-f", name}, kAnswerSeconds);
    return reply.timedOut
               ? "a trial sandbox did not start within " + std::to_string(int(kTrialSeconds)) + " s"
               : "a trial sandbox failed: " + reply.complaint();
}

std::string kvmTrialFailure(const RunscFacts& runsc) {
    // Not through the engine: a sandbox hung in KVM wedges its container, which then `rm -f` cannot remove.
    // `runsc do` ends with its killed client, leaving nothing.
    if (::geteuid() != 0)
        return "its trial (runsc do) needs root";
    const ContainerEngine direct{EngineKind::Docker, runsc.path, false, {}, {}};
    const EngineReply reply =
        runEngineCommand(direct, {"--platform=kvm", "--network=none", "do", "/bin/true"}, kTrialSeconds);
    if (reply.ok())
        return {};
    return reply.timedOut
               ? "a trial sandbox did not start within " + std::to_string(int(kTrialSeconds)) + " s"
               : "a trial sandbox failed: " + reply.complaint();
}

bool choosePlatform(ContainerEngine engine, const RunscFacts& runsc, const std::string& wanted,
                    const std::string& image, std::string& platform, std::string& note, std::string& reason) {
    const auto tryPlatform = [&](const std::string& candidate) {
        engine.runtime.gvisor = true;
        engine.runtime.runsc = runsc.path;
        engine.runtime.platform = candidate;
        if (engine.kind == EngineKind::Docker && !engine.remote &&
            !dockerHasGvisorRuntime(engine, candidate, reason))
            return std::string("not registered with Docker");
        return candidate == "kvm" ? kvmTrialFailure(runsc) : platformTrialFailure(engine, image);
    };
    if (wanted != "auto") {
        if (!has({"kvm", "systrap", "ptrace"}, wanted)) {
            reason = "unknown gVisor platform \"" + wanted + "\": choose auto, kvm, systrap or ptrace";
            return false;
        }
        if (!has(runsc.platforms, wanted)) {
            reason = "this runsc (" + runsc.version + ") has no " + wanted +
                     " platform: choose auto or one of its own";
            return false;
        }
        reason.clear();
        if (const std::string why = tryPlatform(wanted); !why.empty()) {
            if (reason.empty())
                reason = "the gVisor platform " + wanted + " was chosen but does not start here (" + why +
                         "): choose auto or another platform";
            return false;
        }
        platform = wanted;
        note = wanted + " (chosen in the settings)";
        return true;
    }
    std::string skipped;
    if (has(runsc.platforms, "kvm")) {
        // The cheap test first: a host without usable KVM is told apart in milliseconds.
        std::string why = ::access("/dev/kvm", R_OK | W_OK) == 0 ? kvmUnusableReason() : "no /dev/kvm";
        static std::mutex mutex;
        std::lock_guard lock(mutex);
        const std::string file = verdictFile();
        const std::string key = bootId() + " " + runsc.version;
        if (why.empty()) {
            std::ifstream remembered(file);
            std::string line;
            if (std::getline(remembered, line) && line.rfind(key + "\t", 0) == 0)
                why = line.substr(key.size() + 1) == "kvm" ? std::string() : line.substr(key.size() + 1);
            else {
                reason.clear();
                why = tryPlatform("kvm");
                if (!file.empty()) {
                    std::error_code ignored;
                    std::filesystem::create_directories(std::filesystem::path(file).parent_path(), ignored);
                    if (std::ofstream remember(file, std::ios::trunc); remember)
                        remember << key << '\t' << (why.empty() ? "kvm" : why) << '\n';
                }
            }
        }
        if (why.empty()) {
            platform = "kvm";
            note = "kvm (a trial sandbox ran under it)";
            return true;
        }
        skipped = "not kvm: " + why;
    }
    for (const char* candidate : {"systrap", "ptrace"}) {
        if (!has(runsc.platforms, candidate))
            continue;
        reason.clear();
        const std::string why = tryPlatform(candidate);
        if (why.empty()) {
            platform = candidate;
            note = std::string(candidate) + (skipped.empty() ? "" : " (" + skipped + ")");
            return true;
        }
        if (reason.empty())
            reason = "the gVisor platform " + std::string(candidate) + " does not start here (" + why + ")";
        return false; // a platform that exists but fails means something is wrong: say so, never go slower
    }
    reason = "this runsc offers no platform Sandbench can use";
    return false;
}

} // namespace sandbench
