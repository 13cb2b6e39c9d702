#include "latency_bench.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace sandbench {

double percentile(std::vector<double> samples, double p) {
    if (samples.empty())
        return 0;
    std::sort(samples.begin(), samples.end());
    const double rank = std::clamp(p, 0.0, 100.0) / 100.0 * static_cast<double>(samples.size() - 1);
    const auto below = static_cast<std::size_t>(rank);
    const std::size_t above = std::min(below + 1, samples.size() - 1);
    const double fraction = rank - static_cast<double>(below);
    return samples[below] + (samples[above] - samples[below]) * fraction;
}

LatencyStats LatencyStats::from(std::vector<double> samplesMs) {
    LatencyStats stats;
    if (!samplesMs.empty()) {
        stats.p50Ms = percentile(samplesMs, 50);
        stats.p95Ms = percentile(samplesMs, 95);
        const auto [min, max] = std::minmax_element(samplesMs.begin(), samplesMs.end());
        stats.minMs = *min;
        stats.maxMs = *max;
    }
    stats.samplesMs = std::move(samplesMs);
    return stats;
}

namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::string describeWorkload(const Workload& workload) {
    return workload.fileName.empty() ? std::string("print(1)") : "the workload " + workload.name;
}

// At most a line of what a program printed, for an error message.
std::string quotedOutput(const std::string& bytes) {
    std::string line = bytes.substr(0, std::min<std::size_t>(bytes.find('\n'), 80));
    return "\"" + line + (line.size() < bytes.size() && bytes != line + "\n" ? "…" : "") + "\"";
}

// A fresh empty folder for one bare run of a workload, removed with everything in it when it goes.
class ScratchFolder {
public:
    ScratchFolder() {
        char pattern[] = "/tmp/sandbench-bench-XXXXXX";
        if (::mkdtemp(pattern) == nullptr)
            throw BenchError(std::string("cannot make a working folder for the bare run: ") +
                             std::strerror(errno));
        m_path = pattern;
    }
    ~ScratchFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(m_path, ignored);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

// Owns the spawn attributes so every exit path releases them.
struct SpawnActions {
    posix_spawn_file_actions_t actions;
    SpawnActions() { posix_spawn_file_actions_init(&actions); }
    ~SpawnActions() { posix_spawn_file_actions_destroy(&actions); }
    SpawnActions(const SpawnActions&) = delete;
    SpawnActions& operator=(const SpawnActions&) = delete;
};

double timeTierMs(Tier& tier, const RunRequest& request, const Workload& workload, std::stop_token stop,
                  bool& cancelled, RunResult& result) {
    const OutputSink noLiveOutput;
    const auto start = Clock::now();
    result = tier.run(request, noLiveOutput, stop);
    const double elapsed = millisecondsSince(start);
    if (result.stoppedBy == StopReason::Cancelled) {
        cancelled = true;
        return 0;
    }
    if (!result.succeeded() || result.stdoutBytes != workload.expectedStdout()) {
        std::string detail = result.summary();
        if (result.succeeded())
            detail =
                "its stdout was " + quotedOutput(result.stdoutBytes) + ", not \"" + workload.prints + "\"";
        if (const auto lastLine = result.stderrBytes.find_last_not_of('\n'); lastLine != std::string::npos) {
            const auto from = result.stderrBytes.rfind('\n', lastLine);
            detail +=
                "; stderr: " + result.stderrBytes.substr(from == std::string::npos ? 0 : from + 1,
                                                         lastLine - (from == std::string::npos ? 0 : from));
        }
        throw BenchError("the " + tier.name() + " tier could not run " + describeWorkload(workload) + ": " +
                         detail);
    }
    return elapsed;
}

} // namespace

namespace {

// Starts `args` (in `folder` unless empty) with `input` on stdin and stdout to a pipe, reads stdout to
// end-of-file and reaps it: the whole latency of one program run as a caller sees it. Throws BenchError
// unless it printed `expected` and exited 0.
double timeCommandMs(const std::vector<std::string>& args, char* const* envp, const std::string& input,
                     const std::string& shownAs, const std::string& expected = "1\n",
                     const std::string& folder = {}) {
    std::vector<std::string> copies = args;
    std::vector<char*> argv;
    for (auto& arg : copies)
        argv.push_back(arg.data());
    argv.push_back(nullptr);

    int outFds[2];
    int inFds[2] = {-1, -1};
    if (::pipe2(outFds, O_CLOEXEC) != 0 || (!input.empty() && ::pipe2(inFds, O_CLOEXEC) != 0))
        throw BenchError(std::string("pipe: ") + std::strerror(errno));

    const auto start = Clock::now();
    pid_t pid = -1;
    int spawnError = 0;
    {
        SpawnActions spawn;
        if (input.empty())
            posix_spawn_file_actions_addopen(&spawn.actions, 0, "/dev/null", O_RDONLY, 0);
        else
            posix_spawn_file_actions_adddup2(&spawn.actions, inFds[0], 0);
        posix_spawn_file_actions_adddup2(&spawn.actions, outFds[1], 1);
        posix_spawn_file_actions_addopen(&spawn.actions, 2, "/dev/null", O_WRONLY, 0);
        if (!folder.empty())
            posix_spawn_file_actions_addchdir_np(&spawn.actions, folder.c_str());
        spawnError = ::posix_spawn(&pid, argv[0], &spawn.actions, nullptr, argv.data(), envp);
    }
    ::close(outFds[1]);
    // A workload may not fit the pipe at once: a thread feeds it while this one reads the output.
    std::jthread feeder;
    if (!input.empty()) {
        ::close(inFds[0]);
        const int inWrite = inFds[1];
        const auto feed = [inWrite, &input, fed = spawnError == 0] {
            for (std::size_t done = 0; fed && done < input.size();) {
                const ssize_t count = ::write(inWrite, input.data() + done, input.size() - done);
                if (count < 0 && errno == EINTR)
                    continue;
                if (count <= 0)
                    break; // the program stopped reading: its output says what it made of that
                done += static_cast<std::size_t>(count);
            }
            ::close(inWrite);
        };
        if (input.size() <= PIPE_BUF)
            feed(); // always fits, so this cannot block on a child that never reads
        else
            feeder = std::jthread(feed);
    }
    if (spawnError != 0) {
        ::close(outFds[0]);
        throw BenchError("cannot start " + args.front() + ": " + std::strerror(spawnError));
    }
    std::string output;
    char buffer[256];
    while (true) {
        const ssize_t count = ::read(outFds[0], buffer, sizeof buffer);
        if (count > 0)
            output.append(buffer, static_cast<std::size_t>(count));
        else if (count == 0 || errno != EINTR)
            break;
    }
    ::close(outFds[0]);
    if (feeder.joinable())
        feeder.join();
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    const double elapsed = millisecondsSince(start);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || output != expected)
        throw BenchError(shownAs + " did not print " + quotedOutput(expected) + " and exit 0 (it printed " +
                         quotedOutput(output) + ")");
    return elapsed;
}

std::string shownAsCommand(const std::vector<std::string>& args) {
    std::string text;
    for (const auto& arg : args) {
        if (!text.empty())
            text += ' ';
        const bool plain = !arg.empty() && arg.find_first_of(" '\"\\$`()*?;&|<>") == std::string::npos;
        text += plain ? arg : "'" + arg + "'";
    }
    return text;
}

} // namespace

double timeBareInterpreterMs(const std::string& interpreter,
                             const std::map<std::string, std::string>& environment) {
    std::vector<std::string> envStrings;
    for (const auto& [key, value] : environment)
        envStrings.push_back(key + "=" + value);
    std::vector<char*> envp;
    for (auto& entry : envStrings)
        envp.push_back(entry.data());
    envp.push_back(nullptr);
    return timeCommandMs({interpreter, "-I", "-c", "print(1)"}, envp.data(), {},
                         interpreter + " -I -c 'print(1)'");
}

double timeReferenceCommandMs(const std::vector<std::string>& command) {
    // The engine's CLI needs this process's environment (DOCKER_HOST, HOME for its configuration).
    return timeCommandMs(command, environ, "print(1)\n", shownAsCommand(command));
}

namespace {

std::vector<char*> environmentPointers(std::vector<std::string>& strings,
                                       const std::map<std::string, std::string>& environment) {
    for (const auto& [key, value] : environment)
        strings.push_back(key + "=" + value);
    std::vector<char*> envp;
    for (auto& entry : strings)
        envp.push_back(entry.data());
    envp.push_back(nullptr);
    return envp;
}

} // namespace

double timeWorkloadCommandMs(const std::vector<std::string>& command, const Workload& workload,
                             const std::map<std::string, std::string>& environment) {
    const ScratchFolder folder;
    std::vector<std::string> strings;
    std::vector<char*> envp = environmentPointers(strings, environment);
    return timeCommandMs(command, environment.empty() ? environ : envp.data(), workload.code,
                         shownAsCommand(command), workload.expectedStdout(), folder.path());
}

std::optional<LatencyReport> runLatencyBench(Tier& tier, const BenchOptions& options, std::stop_token stop,
                                             const std::function<void(int, int)>& progress) {
    if (options.runs < 1)
        throw BenchError("the bench needs at least one run");
    if (options.warm && !tier.hasWarmPool())
        throw BenchError("the " + tier.name() + " tier has no warm pool");
    const Workload& workload = options.workload;
    RunRequest request;
    request.code = workload.code;
    request.interpreter = options.interpreter;
    request.secretValues = options.secretValues;
    try {
        request.policy = workloadPolicy(options.policy, workload);
    } catch (const WorkloadError& error) {
        throw BenchError(error.what());
    }
    const auto& environment = request.policy.environment;

    // The bare host: the built-in print(1) as the bench always timed it, a workload from stdin in a folder
    // of its own (it may write there).
    const bool builtin = workload.fileName.empty();
    const std::vector<std::string> hostCommand{options.baselineInterpreter, "-I", "-"};
    const std::string hostShown = builtin ? options.baselineInterpreter + " -I -c 'print(1)'"
                                          : shownAsCommand(hostCommand) + " < " + workload.fileName;
    const auto timeHost = [&] {
        return builtin ? timeBareInterpreterMs(options.baselineInterpreter, environment)
                       : timeWorkloadCommandMs(hostCommand, workload, environment);
    };
    const std::vector<std::string> reference = tier.referenceCommand(request.policy);
    const bool hasReference = !reference.empty();
    const auto timeReference = [&] {
        // A reference command names a container of its own each time (e.g. docker run --name): ask anew.
        const std::vector<std::string> command = tier.referenceCommand(request.policy);
        return builtin ? timeReferenceCommandMs(command) : timeWorkloadCommandMs(command, workload, {});
    };
    // Each measurement runs alone: no container removal or pool refill from an earlier run overlaps it.
    const auto quiesce = [&] {
        tier.settle();
        if (options.warm && !tier.waitUntilWarm(request, stop) && !stop.stop_requested())
            throw BenchError("the " + tier.name() + " tier's warm pool could not start a sandbox");
    };
    std::string accelerator;
    const auto timeTier = [&](bool& cancelled) {
        RunResult result;
        const double elapsed = timeTierMs(tier, request, workload, stop, cancelled, result);
        if (!cancelled && options.warm && !result.warmStart)
            throw BenchError("a warm run of the " + tier.name() + " tier started cold");
        accelerator = result.accelerator;
        return elapsed;
    };

    // Warm-up, not counted: page cache, image layers, first-use costs of the tier.
    bool cancelled = false;
    quiesce();
    timeTier(cancelled);
    if (cancelled || stop.stop_requested())
        return std::nullopt;
    quiesce();
    timeHost();
    // A reference command built for print(1) may lack what a workload needs (a big enough /tmp, say): then
    // the row has no reference, and says why, rather than no row at all.
    std::string referenceProblem;
    if (hasReference) {
        quiesce();
        try {
            timeReference();
        } catch (const BenchError& error) {
            if (builtin)
                throw;
            referenceProblem = error.what();
        }
    }
    const bool timesReference = hasReference && referenceProblem.empty();

    std::vector<double> tierMs;
    std::vector<double> hostMs;
    std::vector<double> referenceMs;
    const auto timeBaselines = [&] {
        quiesce();
        hostMs.push_back(timeHost());
        if (timesReference) {
            quiesce();
            referenceMs.push_back(timeReference());
        }
    };
    for (int run = 0; run < options.runs; ++run) {
        if (stop.stop_requested())
            return std::nullopt;
        const bool tierFirst = run % 2 == 0;
        if (!tierFirst)
            timeBaselines();
        quiesce();
        tierMs.push_back(timeTier(cancelled));
        if (cancelled || stop.stop_requested())
            return std::nullopt;
        if (tierFirst)
            timeBaselines();
        if (progress)
            progress(run + 1, options.runs);
    }
    tier.settle();

    LatencyReport report;
    report.tier = tier.name();
    report.control = tier.info().control;
    report.mode = options.warm ? "warm" : "cold";
    report.runs = options.runs;
    report.workload = workload.name;
    report.workloadFile = workload.fileName;
    report.accelerator = accelerator;
    report.timed = LatencyStats::from(std::move(tierMs));
    report.hostCommand = hostShown;
    report.host = LatencyStats::from(std::move(hostMs));
    report.hostRatio = report.host.p50Ms > 0 ? report.timed.p50Ms / report.host.p50Ms : 0;
    if (hasReference) {
        report.baselineCommand = shownAsCommand(reference);
        report.baseline = LatencyStats::from(std::move(referenceMs));
        report.referenceProblem = referenceProblem;
    } else {
        report.baselineCommand = report.hostCommand;
        report.baseline = report.host;
    }
    report.ratio = report.baseline.p50Ms > 0 ? report.timed.p50Ms / report.baseline.p50Ms : 0;
    return report;
}

} // namespace sandbench
