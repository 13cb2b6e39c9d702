#include "host_tier.h"

#include "core/artifacts.h"
#include "core/input_files.h"
#include "core/output_collector.h"
#include "core/process_environment.h"
#include "core/stop_evidence.h"
#include "tiers/common/child_watcher.h"
#include "tiers/common/temp_folder.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace sandbench {

TierInfo HostTier::tierInfo() {
    TierInfo info;
    info.name = "host";
    info.label = SANDBENCH_TRANSLATABLE("TierInfo", "Host");
    info.description = "Control: no isolation. The program runs as you, on your files and network; only the "
                       "wall-clock deadline ends it.";
    info.control = true;
    return info;
}

const TierInfo& HostTier::info() const {
    static const TierInfo info = tierInfo();
    return info;
}

ProbeResult HostTier::probe() {
    return {true, {}, {"control tier: runs with no isolation, with Sandbench's own environment"}, {}};
}

namespace {

RunResult setupFailure(std::string evidence) {
    return RunResult::setupFailure("host", std::move(evidence));
}

// The naive collection's own bounds: what keeps the control harmless, not a policy it enforces.
constexpr int kNaiveMostEntries = 20000;
constexpr int kNaiveDeepest = 3;
constexpr std::size_t kNaiveBytesPerFile = 64 << 10;
constexpr std::size_t kNaiveBytesInAll = 16 << 20;

// The type a careless tool takes from the name.
std::string typeFromExtension(const std::string& name) {
    static const std::map<std::string, std::string> types{
        {".png", "image/png"}, {".jpg", "image/jpeg"}, {".jpeg", "image/jpeg"}, {".svg", "image/svg+xml"},
        {".gif", "image/gif"}, {".csv", "text/csv"},   {".txt", "text/plain"},  {".html", "text/html"},
    };
    std::string extension = std::filesystem::path(name).extension().string();
    for (char& c : extension)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto found = types.find(extension);
    return found == types.end() ? "application/octet-stream" : found->second;
}

// Shows each input as data/<its name>, a symbolic link to the real thing: no copy, nothing read-only.
bool linkInputs(const std::string& workdir, const Policy& policy, std::string& error) {
    if (policy.inputs.empty())
        return true;
    const std::string data = workdir + "/data";
    if (::mkdir(data.c_str(), 0755) != 0) {
        error = "cannot make " + data + ": " + std::strerror(errno);
        return false;
    }
    for (const std::string& input : policy.inputs) {
        char resolved[PATH_MAX];
        if (!::realpath(input.c_str(), resolved)) {
            error = "input " + input + " is missing: " + std::strerror(errno);
            return false;
        }
        const std::string name = std::filesystem::path(resolved).filename().string();
        if (name.empty() || ::symlink(resolved, (data + "/" + name).c_str()) != 0) {
            error = "cannot show input " + input + " as data/" + name + ": " + std::strerror(errno);
            return false;
        }
    }
    return true;
}

struct NaiveCollection {
    std::vector<Artifact> artifacts;
    int examined = 0;
    std::size_t bytesRead = 0;
};

void collectNaively(const std::string& folder, const std::string& prefix, int depth, NaiveCollection& found) {
    std::error_code error;
    std::vector<std::string> names;
    for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end;
         it.increment(error)) {
        if (++found.examined > kNaiveMostEntries)
            return;
        names.push_back(it->path().filename().string());
    }
    std::sort(names.begin(), names.end());
    for (const std::string& name : names) {
        const std::string path = folder + "/" + name;
        struct stat info {};
        if (::stat(path.c_str(), &info) != 0) // follows links: the naive part
            continue;
        if (S_ISDIR(info.st_mode)) {
            if (depth < kNaiveDeepest)
                collectNaively(path, prefix + name + "/", depth + 1, found);
            continue;
        }
        if (!S_ISREG(info.st_mode)) // never a FIFO or a device: naive, not hung
            continue;
        Artifact artifact;
        artifact.name = prefix + name;
        artifact.size = info.st_size;
        artifact.type = typeFromExtension(name);
        const std::size_t want = std::min(
            {static_cast<std::size_t>(info.st_size), kNaiveBytesPerFile, kNaiveBytesInAll - found.bytesRead});
        if (want > 0) {
            const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
            if (fd >= 0) {
                artifact.bytes.resize(want);
                const ssize_t got = ::pread(fd, artifact.bytes.data(), want, 0);
                artifact.bytes.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
                found.bytesRead += artifact.bytes.size();
                ::close(fd);
            }
        }
        found.artifacts.push_back(std::move(artifact));
    }
}

} // namespace

RunResult HostTier::run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) {
    const auto started = ChildWatcher::Clock::now();
    // The control has no boundary for a proxy to be the only way out of.
    if (request.policy.egress.active())
        return setupFailure(egressUnsupported("host"));
    std::string error;
    TempFolder workdir = TempFolder::create("sandbench-host-", error);
    if (!workdir.valid())
        return setupFailure(error);
    if (!linkInputs(workdir.path(), request.policy, error))
        return setupFailure(error);
    const std::string outputs = workdir.path() + "/" + kOutputsFolderName;
    if (::mkdir(outputs.c_str(), 0755) != 0)
        return setupFailure("cannot make " + outputs + ": " + std::strerror(errno));
    const std::string programPath = workdir.path() + "/main.py";
    if (!writeWholeFile(programPath, request.code, error))
        return setupFailure(error);

    Pipe out, err;
    if (!makePipe(out) || !makePipe(err))
        return setupFailure(std::string("pipe: ") + std::strerror(errno));

    std::vector<std::string> args = request.interpreter;
    args.push_back("main.py");
    std::vector<char*> argv;
    for (auto& arg : args)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    // No boundary means none for secrets either: the control inherits Sandbench's whole environment, as a
    // plain subprocess would, with the policy's variables on top. That is what shows an environment leak.
    std::map<std::string, std::string> environment = processEnvironment();
    for (const auto& [key, value] : request.policy.environment)
        environment[key] = value;
    std::vector<std::string> envStrings;
    for (const auto& [key, value] : environment)
        envStrings.push_back(key + "=" + value);
    std::vector<char*> envp;
    for (auto& entry : envStrings)
        envp.push_back(entry.data());
    envp.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out.write.get(), 1);
    posix_spawn_file_actions_adddup2(&actions, err.write.get(), 2);
    posix_spawn_file_actions_addchdir_np(&actions, workdir.path().c_str());
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);

    pid_t pid = -1;
    const int spawnError = ::posix_spawn(&pid, argv[0], &actions, &attributes, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    out.write.reset();
    err.write.reset();
    if (spawnError != 0) {
        return setupFailure("cannot start the interpreter " + request.interpreter.front() + ": " +
                            std::strerror(spawnError));
    }

    UniqueFd pidfd(pidfdOpen(pid));
    OutputCollector output(request.policy.outputCapBytes, sink);
    ChildWatcher watcher(pid, std::move(pidfd), output);
    watcher.watchOutput(std::move(out.read), Stream::Stdout);
    watcher.watchOutput(std::move(err.read), Stream::Stderr);
    // The process group is all the host tier can reach; a program that calls setsid() escapes it,
    // which is exactly what the control tier is there to show.
    watcher.setKillAll([pid] { ::kill(-pid, SIGKILL); });
    watcher.setOnExited([pid] { ::kill(-pid, SIGKILL); });
    const WatchOutcome outcome =
        watcher.run(started,
                    std::chrono::duration_cast<ChildWatcher::Clock::duration>(
                        std::chrono::duration<double>(request.policy.timeoutSeconds)),
                    stop);

    RunResult result;
    result.tier = "host";
    NaiveCollection collected;
    collectNaively(outputs, "", 1, collected);
    result.artifacts = std::move(collected.artifacts);
    if (collected.examined > kNaiveMostEntries)
        result.artifactsNote = "the host control looked at the first " + std::to_string(kNaiveMostEntries) +
                               " entries of outputs/ only";
    output.finish(result);
    if (WIFEXITED(outcome.waitStatus))
        result.exitCode = WEXITSTATUS(outcome.waitStatus);
    else if (WIFSIGNALED(outcome.waitStatus))
        result.termSignal = WTERMSIG(outcome.waitStatus);
    result.timedOut = outcome.timedOut;
    result.wallSeconds = outcome.wallSeconds;
    result.cpuSeconds = cpuSecondsOf(outcome.usage);
    result.peakMemoryKb = outcome.usage.ru_maxrss;
    if (outcome.cancelled) {
        result.stoppedBy = StopReason::Cancelled;
        result.evidence = "cancelled by the user";
    } else if (outcome.timedOut) {
        // The host tier has no limit of its own: this deadline is the harness's, not a boundary.
        result.stoppedBy = StopReason::Timeout;
        result.evidence = "ended by the deadline after " +
                          std::to_string(static_cast<int>(result.wallSeconds)) +
                          " s (the host tier has no limits of its own)";
    }
    return result;
}

} // namespace sandbench
