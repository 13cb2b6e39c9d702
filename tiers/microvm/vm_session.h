#pragma once

#include "core/artifacts.h"
#include "core/input_files.h"
#include "core/output_collector.h"
#include "tiers/common/process_spawn.h"
#include "tiers/common/temp_folder.h"
#include "vm_launch.h"

#include <chrono>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>

namespace sandbench {

// How a handed-over program ended, as the guest or QEMU told it.
struct VmOutcome {
    std::optional<int> status;     // the guest shell's $? for the program: 128 + n when signal n killed it
    long oomKills = 0;             // processes the guest kernel's OOM killer ended
    bool artifactsOffered = false; // the guest said artifacts follow (an image older than them does not)
    bool timedOut = false;
    bool cancelled = false;
    std::string failure; // the VM ended without a status line: what QEMU or the guest's console said
};

// One microVM: a QEMU process with its own folder (the console log) and seven virtio-serial channels on
// socket pairs (eight with a network allow list: the egress port). The guest's init starts the interpreter at
// once and waits for its program, so a VM can be booted ahead of time for the warm pool or just in time for a
// cold run. Destroying the session kills QEMU, reaps it and removes its folder.
class VmSession {
public:
    using Clock = std::chrono::steady_clock;

    static std::unique_ptr<VmSession> start(const VmLaunch& launch, const VmShape& shape, std::string& error);
    ~VmSession();
    VmSession(const VmSession&) = delete;
    VmSession& operator=(const VmSession&) = delete;

    // Waits for the guest's "ready". False with `error` when the guest reported a setup error, QEMU ended,
    // the deadline passed, or `stop` fired.
    bool waitUntilReady(Clock::time_point deadline, std::stop_token stop, std::string& error);

    // Copies the inputs into the guest (a VM whose policy has inputs waits for them after "ready") and
    // waits until the guest has them read-only at /data. False with `error` naming what failed; the VM is
    // then of no further use. Called after waitUntilReady, before handOver.
    bool giveInputs(const std::vector<InputFile>& inputs, std::int64_t limitBytes, Clock::time_point deadline,
                    std::stop_token stop, std::string& error);

    // Gives the program to the guest and supervises it until the guest reports its status and has sent the
    // program's artifacts (QEMU is then killed: the VM serves one run), the timeout passes, or `stop` fires.
    VmOutcome handOver(const std::string& code, OutputCollector& output, ArtifactCollector& artifacts,
                       Clock::duration timeout, std::stop_token stop);

    const VmShape& shape() const { return m_shape; }
    // Our end of the egress port (an EgressPortRelay's channel), taken once; invalid without an allow list.
    UniqueFd takeEgressChannel() { return std::move(m_egress); }

private:
    explicit VmSession(VmShape shape);
    void killAndReap();
    // What went wrong in words: QEMU's own errors, else the end of the guest's console.
    std::string diagnosis() const;

    VmShape m_shape;
    TempFolder m_folder;
    SpawnedProcess m_qemu;
    UniqueFd m_config; // open until QEMU has taken all of the config (see closeWhenTaken)
    UniqueFd m_program;
    UniqueFd m_stdout;
    UniqueFd m_stderr;
    UniqueFd m_status;
    UniqueFd m_inputs;
    UniqueFd m_artifacts;
    UniqueFd m_egress;
    std::string m_statusText; // the status channel's lines so far
    std::string m_qemuErrors;
    bool m_reaped = false;
};

} // namespace sandbench
