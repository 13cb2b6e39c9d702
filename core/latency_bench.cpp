#include "latency_bench.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
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

// Owns the spawn attributes so every exit path releases them.
struct SpawnActions {
    posix_spawn_file_actions_t actions;
    SpawnActions() { posix_spawn_file_actions_init(&actions); }
    ~SpawnActions() { posix_spawn_file_actions_destroy(&actions); }
    SpawnActions(const SpawnActions&) = delete;
    SpawnActions& operator=(const SpawnActions&) = delete;
};

double timeTierMs(Tier& tier, const RunRequest& request, std::stop_token stop, bool& cancelled,
                  RunResult& result) {
    const OutputSink noLiveOutput;
    const auto start = Clock::now();
    result = tier.run(request, noLiveOutput, stop);
    const double elapsed = millisecondsSince(start);
    if (result.stoppedBy == StopReason::Cancelled) {
        cancelled = true;
        return 0;
    }
    if (!result.succeeded() || result.stdoutBytes != "1\n") {
        std::string detail = result.summary();
        if (const auto lastLine = result.stderrBytes.find_last_not_of('\n'); lastLine != std::string::npos) {
            const auto from = result.stderrBytes.rfind('\n', lastLine);
            detail +=
                "; stderr: " + result.stderrBytes.substr(from == std::string::npos ? 0 : from + 1,
                                                         lastLine - (from == std::string::npos ? 0 : from));
        }
        throw BenchError("the " + tier.name() + " tier could not run print(1): " + detail);
    }
    return elapsed;
}

} // namespace

namespace {

// Starts `args` with `input` on stdin and stdout to a pipe, reads stdout to end-of-file and reaps it:
// the whole latency of one program run as a caller sees it. Throws BenchError unless it printed 1.
double timeCommandMs(const std::vector<std::string>& args, char* const* envp, const std::string& input,
                     const std::string& shownAs) {
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
        spawnError = ::posix_spawn(&pid, argv[0], &spawn.actions, nullptr, argv.data(), envp);
    }
    ::close(outFds[1]);
    if (!input.empty()) {
        ::close(inFds[0]);
        if (spawnError == 0) {
            // A few bytes always fit in the pipe, so this cannot block on a child that never reads.
            [[maybe_unused]] const auto written = ::write(inFds[1], input.data(), input.size());
        }
        ::close(inFds[1]);
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
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    const double elapsed = millisecondsSince(start);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || output != "1\n")
        throw BenchError(shownAs + " did not print 1 and exit 0");
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

std::optional<LatencyReport> runLatencyBench(Tier& tier, const BenchOptions& options, std::stop_token stop,
                                             const std::function<void(int, int)>& progress) {
    if (options.runs < 1)
        throw BenchError("the bench needs at least one run");
    if (options.warm && !tier.hasWarmPool())
        throw BenchError("the " + tier.name() + " tier has no warm pool");
    RunRequest request;
    request.code = "print(1)\n";
    request.interpreter = options.interpreter;
    request.policy = options.policy;
    const auto& environment = options.policy.environment;

    const bool hasReference = !tier.referenceCommand(options.policy).empty();
    const auto timeBaseline = [&] {
        return hasReference ? timeReferenceCommandMs(tier.referenceCommand(options.policy))
                            : timeBareInterpreterMs(options.baselineInterpreter, environment);
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
        const double elapsed = timeTierMs(tier, request, stop, cancelled, result);
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
    timeBaseline();

    std::vector<double> tierMs;
    std::vector<double> baselineMs;
    for (int run = 0; run < options.runs; ++run) {
        if (stop.stop_requested())
            return std::nullopt;
        const bool tierFirst = run % 2 == 0;
        quiesce();
        if (!tierFirst)
            baselineMs.push_back(timeBaseline());
        quiesce();
        tierMs.push_back(timeTier(cancelled));
        if (cancelled || stop.stop_requested())
            return std::nullopt;
        quiesce();
        if (tierFirst)
            baselineMs.push_back(timeBaseline());
        if (progress)
            progress(run + 1, options.runs);
    }
    tier.settle();

    LatencyReport report;
    report.tier = tier.name();
    report.control = tier.info().control;
    report.mode = options.warm ? "warm" : "cold";
    report.runs = options.runs;
    report.baselineCommand = hasReference ? shownAsCommand(tier.referenceCommand(options.policy))
                                          : options.baselineInterpreter + " -I -c 'print(1)'";
    report.accelerator = accelerator;
    report.timed = LatencyStats::from(std::move(tierMs));
    report.baseline = LatencyStats::from(std::move(baselineMs));
    report.ratio = report.baseline.p50Ms > 0 ? report.timed.p50Ms / report.baseline.p50Ms : 0;
    return report;
}

} // namespace sandbench
