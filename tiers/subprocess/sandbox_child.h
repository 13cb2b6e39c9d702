#pragma once

#include "landlock.h"
#include "setup_report.h"

#include <cstdint>
#include <linux/filter.h>
#include <string>
#include <sys/resource.h>
#include <sys/types.h>
#include <utility>
#include <vector>

namespace sandbench {

// What init reports once the program has exited: its wait status and the resource use of everything init
// reaped, and whether any other process was still alive in the sandbox (then the parent must kill it).
struct ExitRecord {
    int waitStatus = 0;
    int othersAlive = 0;
    std::int64_t userMicros = 0;
    std::int64_t systemMicros = 0;
    std::int64_t maxRssKb = 0;
};

struct BindMount {
    std::string source;
    std::string target; // absolute path under the staging root
    bool directory = true;
    bool readOnly = true;
    // A read-only directory shown through a read-only overlayfs (the source and an empty folder as its
    // two lower layers) instead of a bind mount: /proc/self/mountinfo then names an anonymous overlay,
    // not the host's block device, its device number and mount options. Falls back to a bind mount on
    // kernels that refuse overlayfs in a user namespace (before 5.11).
    std::string overlayEmptyLower;
};

// An input shown read-only under /data: a detached mount (input_mounts.h) the program moves there.
struct InputMount {
    int treeFd = -1;
    std::string mountPoint; // /data/<name>
    bool folder = false;
};

// Everything the child needs, computed by the parent before clone(): after clone() the child may only make
// async-signal-safe calls (no allocation, no locks, no glibc setxid broadcast), so nothing here is built
// there.
struct ChildPlan {
    // Descriptors, as numbered in the child.
    int setupFd = -1;  // SOCK_SEQPACKET: failure reports and the seccomp listener go to the parent
    int exitFd = -1;   // the init process writes the program's ExitRecord here
    int stdoutFd = -1; // write ends of the output pipes
    int stderrFd = -1;
    int codeFd = -1; // memfd holding the program text, or (programOnStdin) the pipe it will come through
    // A warm sandbox: the interpreter starts at once and reads its program from stdin, a pipe the parent
    // writes the program into and closes at the hand-over; cold ones get /dev/null as stdin.
    bool programOnStdin = false;
    // The run's cgroup files, opened for writing by the parent (kMaxJoinFiles at most, none without cgroups).
    int joinFiles[4] = {-1, -1, -1, -1};
    int joinFileCount = 0;
    std::size_t codeSize = 0;

    // Filesystem view, built under a tmpfs mounted on stagingRoot in the private mount namespace.
    std::string stagingRoot;
    std::string rootTmpfsOptions;
    std::string workTmpfsOptions;
    std::string procPath;
    // Each run's /proc shows only processes (subset=pid), where the zygote found the kernel mounts one.
    bool procSubsetPid = false;
    std::string workPath;
    std::string outputsPath; // /tmp/outputs, created empty in the working folder for the program's artifacts
    std::string dataFolder = "/data";
    std::string dataTmpfsOptions = "size=64k,nr_inodes=64,mode=0755";
    std::vector<InputMount> inputs; // none: /data stays the template's empty, read-only folder
    std::string programFolder;      // a small tmpfs per run holding the program, read-only once written
    std::string programTmpfsOptions;
    std::string programPath;
    std::vector<std::string> directories;
    std::vector<BindMount> binds;
    std::vector<std::pair<std::string, std::string>> symlinks; // (target, link path)
    std::vector<std::pair<std::string, std::string>> files;    // (path, contents)
    std::string hostname;
    // Give the sandbox a new, empty network namespace (init creates it before it starts the program).
    bool privateNetwork = true;
    // An allow list: init brings loopback up in that namespace and listens on 127.0.0.1:egressPort (the
    // HTTP_PROXY the program is given), and the program's folder holds the run's CA certificate.
    int egressPort = 0;
    const char* egressCa = nullptr;
    std::size_t egressCaSize = 0;
    std::string egressCaPath;

    int lastCapability = 40; // /proc/sys/kernel/cap_last_cap

    // Identity inside the user namespace.
    uid_t uid = 1000;
    gid_t gid = 1000;
    // The sandbox init's own uid_map and gid_map line: the sandbox's 1000 as the zygote-namespace id that
    // owns the run ("1000 1000+slot 1\n").
    std::string ownIdMap = "1000 1000 1\n";
    // Per-user-namespace kernel counts the sandbox's init lowers in its own namespace before it drops its
    // capabilities (/proc/sys/user/max_inotify_instances and friends, with the value to write): they cap
    // what the whole sandbox may hold of quotas the kernel counts per host user.
    std::vector<std::pair<std::string, std::string>> userQuotas;
    bool dropSupplementaryGroups = false; // possible only when the parent is privileged

    // The program.
    std::vector<std::pair<int, rlim_t>> limits;
    LandlockPlan landlock;
    std::vector<const char*> landlockDevices; // null-terminated, paths inside the sandbox
    const char* workFolderInside = "/tmp";
    sock_fprog seccomp{};
    bool seccompNotify = false;
    const char* executable = nullptr;
    std::vector<char*> argv; // null-terminated
    std::vector<char*> envp; // null-terminated
};

// Runs in the clone()d child, which is PID 1 of the new PID namespace (its mount namespace a copy of the
// template): mounts what is private to this run, drops privileges, starts the program as its only child,
// reaps everything, and reports the program's wait status. When it exits the kernel kills whatever is
// left in the namespace.
[[noreturn]] void runSandboxInit(const ChildPlan& plan);

// The most cgroup files a run's init joins (one per hierarchy: memory, pids, cpu on v1).
inline constexpr int kMaxJoinFiles = 4;

// What the parent shows for a step of the sandbox's init or program that failed ("could not <what>"),
// from their tables.
const char* describeSandboxStep(ChildStep step);

// Sets the plan's uid and gid (really, saved and effective) with raw system calls: a step of the zygote's
// and of every sandbox's init.
int switchToSandboxUser(const ChildPlan& plan);

} // namespace sandbench
