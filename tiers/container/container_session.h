#pragma once

#include "container_engine.h"
#include "container_host_account.h"
#include "container_waiter.h"
#include "core/output_collector.h"
#include "hardened_run_command.h"
#include "tiers/common/host_uid_block.h"
#include "tiers/common/process_spawn.h"

#include <chrono>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>

namespace sandbench {

// How a handed-over program ended, as far as the container tier can tell.
struct SessionOutcome {
    std::optional<WaiterReport> report; // the waiter's end marker: the program ended normally or by a signal
    bool timedOut = false;
    bool cancelled = false;
    std::optional<int> clientExit; // the engine client's exit status, when it ended before the markers
    std::string engineComplaint;   // what the engine printed when the container died without its markers
    // Processes of the container the host still saw after the waiter's report, killed by name then; and
    // what went wrong when even that could not be confirmed.
    int survivorsKilled = 0;
    std::string survivorProblem;
    // The host's account of the container's cgroups (container_host_account.h): read when the waiter reported
    // none of its own (gVisor) before it was let go, and at the timeout or Stop before the kill. Its fields
    // are nullopt when they could not be read then.
    ContainerHostAccount hostAccount;
    // The waiter's artifact lines (container_waiter.h), sent after its final kill; empty when it never got
    // that far.
    std::vector<std::string> artifactLines;
};

// One container, started by an engine client (`docker run -i`) whose stdin, stdout and stderr we hold. The
// container's waiter blocks on stdin until handOver() gives it the program, so a session can be started
// ahead of time for the warm pool, or just in time for a cold run.
class ContainerSession {
public:
    using Clock = std::chrono::steady_clock;

    // Starts the client; the container comes up in the background. Nullptr with `error` on failure.
    static std::unique_ptr<ContainerSession> start(const ContainerEngine& engine, const ContainerShape& shape,
                                                   std::string& error);
    // Kills the container if it is still there and reaps the client: a session never outlives its owner.
    ~ContainerSession();
    ContainerSession(const ContainerSession&) = delete;
    ContainerSession& operator=(const ContainerSession&) = delete;

    // Waits for the waiter's ready marker. False with `error` (the engine's own message when it refused)
    // when the client ended first, the deadline passed, or `stop` was requested.
    bool waitUntilReady(Clock::time_point deadline, std::stop_token stop, std::string& error);

    // Gives the program to the waiter and supervises it until both end markers arrive (the program has
    // ended), the timeout passes or `stop` fires; then the container is killed by name if still running.
    SessionOutcome handOver(const std::string& code, OutputCollector& output, Clock::duration timeout,
                            std::stop_token stop);

    // Ends the container (engine `kill` by name when it may still run) and waits until the engine client has
    // gone, which with --rm means the container has been removed. Returns false with `problem` when the
    // container could not be confirmed gone.
    bool finish(std::string& problem);

    const std::string& name() const { return m_name; }
    // The host pids of the container's processes (its waiter, once ready), found by their cgroup.
    std::vector<int> hostProcesses();
    const ContainerShape& shape() const { return m_shape; }

private:
    ContainerSession(ContainerEngine engine, ContainerShape shape, std::string name, std::string nonce);
    bool killByName(std::string& problem);
    // The full id the engine client wrote with --cidfile, once it has; "" before.
    const std::string& containerId();
    // Closes the container's input: the waiter, which stays after its report so that the host can still
    // read the container's cgroup, then exits, and the engine removes the container.
    void releaseWaiter();
    // After the waiter's report: waits until the host sees no process of the container (by its cgroup),
    // killing it by name when some are still there after a moment. Returns how many were killed so.
    int confirmNoProcessRuns(std::string& problem);

    ContainerEngine m_engine;
    ContainerShape m_shape;
    std::string m_name;
    std::string m_nonce;
    std::string m_containerId;
    HostUidBlock::Slot m_programUid; // held until the container is gone
    SpawnedProcess m_client;
    WaiterStream m_stdout;
    WaiterStream m_stderr;
    std::string m_heldStderr; // what arrived on stderr before the program was handed over (engine messages)
    bool m_clientReaped = false;
    int m_clientStatus = 0;
    bool m_mayStillRun = true; // false once the end markers arrived or the container was confirmed killed
};

} // namespace sandbench
