#pragma once

#include "input_mounts.h"
#include "sandbox_child.h"
#include "tiers/common/unique_fd.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <sys/types.h>
#include <vector>

namespace sandbench {

class HostUidBlock;

// One run, as the parent hands it to the zygote: plain data (the zygote copies it into a ChildPlan), plus
// five descriptors sent alongside: the program text, stdout, stderr, the exit record and the setup socket.
struct SpawnRequest {
    std::uint32_t magic = 0x53425251; // "SBRQ"
    std::int32_t privateNetwork = 1;
    // An allow list: the sandbox listens for the egress relay on 127.0.0.1:egressPort, and its program's
    // folder holds the run's CA certificate (egressCa, PEM) as /sandbench/egress-ca.pem.
    std::int32_t egressPort = 0;
    std::uint32_t egressCaSize = 0;
    char egressCa[8192] = {};
    // The zygote-namespace uid (and gid) that owns the sandbox: kSandboxUid + the run's HostUidBlock slot as
    // root, kSandboxUid itself as an ordinary user. The sandbox's user 1000 maps to it.
    std::uint32_t sandboxOwner = 1000;
    // How many of the run's cgroup files (`tasks` or `cgroup.procs`, opened for writing by the parent) come
    // after the five descriptors: the init writes "0" to each before it does anything else.
    std::int32_t joinFileCount = 0;
    std::uint64_t codeSize = 0;
    // A warm sandbox's: the program descriptor is a pipe, the program's stdin, and the interpreter reads the
    // program from it (argv ends in "-") once the parent writes it; no program file is written.
    std::int32_t programOnStdin = 0;
    char workTmpfsOptions[160] = {};
    char programTmpfsOptions[64] = {};
    std::int32_t limitCount = 0;
    struct Limit {
        std::int32_t resource;
        std::uint64_t value;
    } limits[16] = {};
    // Inputs: their detached mounts come after the cgroup files, in this order; each is shown at
    // /data/<name>, a folder or a file.
    std::int32_t inputCount = 0;
    std::uint8_t inputIsFolder[kMostSubprocessInputs] = {};
    char inputNames[kMostSubprocessInputs][256] = {};
    // argv entries, then environment entries, each NUL-terminated, back to back.
    std::uint32_t argumentCount = 0;
    std::uint32_t environmentCount = 0;
    std::uint32_t stringsSize = 0;
    char strings[32768] = {};

    // Only the used part of `strings` travels.
    std::size_t size() const;
    bool wellFormed(std::size_t received) const;
    bool inputNamesWellFormed() const;
    // False (with the reason) when the command line and environment do not fit.
    bool setCommand(const std::vector<std::string>& arguments,
                    const std::map<std::string, std::string>& environment, std::string& error);
};

struct SpawnDescriptors {
    int code, stdoutWrite, stderrWrite, exitWrite, setupChild;
    std::vector<int> cgroupFiles; // at most kMaxJoinFiles
    std::vector<int> inputTrees;  // at most kMostSubprocessInputs
};

// The sandbox zygote: a small process forked once, living in its own user and mount namespaces, whose
// mount tree is the read-only filesystem template. For every run it clones a fresh sandbox (new user,
// mount, PID, IPC, UTS and cgroup namespaces; the program adds the network namespace) from that template,
// so no run builds a view or detaches the host's mounts. It keeps no state between runs, reaps nothing it
// is asked to keep, and exits when the parent goes away.
class SandboxZygote {
public:
    SandboxZygote() = default;
    SandboxZygote(const SandboxZygote&) = delete;
    SandboxZygote& operator=(const SandboxZygote&) = delete;
    ~SandboxZygote();

    // Forks the zygote with `base` (the template, the seccomp program, Landlock) and waits until its
    // template is built. With `block` (root), the zygote runs as the block's owner uid, never as root, so
    // the kernel charges what its sandboxes hold to that uid. False with a reason a user can act on.
    bool start(const ChildPlan& base, const HostUidBlock* block, std::string& error);

    // The sandbox's init, known to us only by its pidfd: the zygote is its parent and reaps it.
    struct Spawned {
        UniqueFd pidfd;
    };
    // Clones one sandbox. Thread-safe; restarts a zygote that has died since.
    bool spawn(const SpawnRequest& request, const SpawnDescriptors& fds, Spawned& spawned,
               std::string& error);

    pid_t pid() const { return m_pid; }
    // Whether the runs' /proc shows only processes (subset=pid): the kernel mounted one where the sandboxes
    // mount theirs, as the zygote found at its start.
    bool procSubsetPid() const { return m_procSubsetPid; }

private:
    bool startLocked(std::string& error);
    void stopLocked();

    std::mutex m_mutex;
    ChildPlan m_base;
    const HostUidBlock* m_block = nullptr;
    UniqueFd m_control;
    pid_t m_pid = -1;
    bool m_procSubsetPid = false;
};

} // namespace sandbench
