#pragma once

#include "tiers/common/unique_fd.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <sys/types.h>
#include <thread>
#include <vector>

namespace sandbench {

struct Policy;

// Each run of the subprocess tier in cgroups of its own (memory, pids and, when the host has it, CPU), as
// nsjail does: one bound for all of a run's processes together, kernel memory included, which per-process
// rlimits cannot give (four processes under a 256 MB RLIMIT_AS each hold 1 GB between them, and socket
// buffers are not address space at all).
//
// Where: a `sandbench` folder inside Sandbench's own cgroup of each cgroup v1 hierarchy, or, on cgroup v2,
// beside Sandbench's own cgroup (a v2 cgroup that holds processes cannot hand controllers down to
// children). Either way every run stays under whatever bounds Sandbench itself. Each run's cgroup is named
// after its owner, sandbench-<pid>-<start ticks>-<n>: pid and start time name one process for good, so a
// later Sandbench tells a dead owner's cgroups from a live one's (removeAbandonedRunCgroups).

// One cgroup hierarchy the runs use: its `sandbench` parent folder and the controllers it carries.
struct CgroupHierarchy {
    std::string parent; // e.g. /sys/fs/cgroup/memory/<own cgroup>/sandbench
    bool memory = false;
    bool pids = false;
    bool cpu = false;
    bool cpuacct = false; // v1: the run's CPU time, also for a run that was killed (v2: cpu.stat, always)
};

// What this host lets the subprocess tier do, found once by probeRunCgroups().
struct CgroupHost {
    int version = 0;                          // 1 or 2; 0: no per-run cgroup here (`problem` says why)
    std::vector<CgroupHierarchy> hierarchies; // the memory controller's first
    bool noSwap = false;     // v1 memory.memsw.*, v2 memory.swap.max: the limit cannot be dodged by swapping
    bool tcpCounted = false; // v2 always; v1 when memory.kmem.tcp.limit_in_bytes exists
    bool cpuQuota = false;   // a cpu controller: the policy's `cpus` becomes a quota
    std::string problem;     // version 0: why, in words a user can act on

    bool usable() const { return version != 0; }
    // The probe's note: what is bounded and how, or (`usable()` false) what is missing and why.
    std::string note() const;
};

// Finds where this process may put run cgroups, creates the `sandbench` parents, and proves the whole
// protocol once with a trial cgroup: limits written, a short-lived child moved in, killed, the cgroup
// removed. Never throws; a host that cannot is described in `problem`.
CgroupHost probeRunCgroups();

// What the kernel counted for one run. -1: not known on this host.
struct CgroupCounters {
    std::int64_t oomKills = 0;        // processes the memory cgroup's OOM killer ended
    std::int64_t memoryLimitHits = 0; // v1 memory.failcnt, v2 memory.events "max"
    std::int64_t peakBytes = -1;      // v1 memory.max_usage_in_bytes, v2 memory.peak (Linux 5.19+)
    std::int64_t tcpPeakBytes = -1;   // v1 memory.kmem.tcp.max_usage_in_bytes (v2 counts TCP in peakBytes)
    std::int64_t pidsLimitHits = 0;   // pids.events "max": forks the pids cgroup refused
    std::int64_t cpuMicros = -1;      // v1 cpuacct.usage, v2 cpu.stat usage_usec: every process of the run
};

// How the run's limits follow from the policy, in one place for the cgroups, the evidence and the notes.
struct CgroupLimits {
    std::int64_t memoryBytes = 0;    // policy.memoryMb, for all the run's processes and kernel memory
    std::int64_t tcpBytes = 0;       // cgroup v1 only: TCP buffers have a counter of their own there
    std::int64_t tasks = 0;          // policy.processes + 1 (the sandbox's init)
    std::int64_t cpuQuotaMicros = 0; // per 100 ms period: policy.cpus × 100 000
    static CgroupLimits of(const Policy& policy);
};
inline constexpr std::int64_t kCpuPeriodMicros = 100000;

// One run's cgroups, one per hierarchy. Created before the sandbox is cloned; the sandbox's init joins
// them (attach) before it starts the program; removed once nothing of the run is left in them.
class RunCgroup {
public:
    RunCgroup() = default;
    RunCgroup(const RunCgroup&) = delete;
    RunCgroup& operator=(const RunCgroup&) = delete;
    ~RunCgroup(); // remove(), if not done

    // Creates the run's cgroup in every hierarchy and writes its limits. False (with the reason) when any
    // part fails: the caller must not run the program without them.
    bool create(const CgroupHost& host, const Policy& policy, std::string& error);
    // One open descriptor per hierarchy through which a process moves itself into the run's cgroup by
    // writing "0": cgroup v1's `tasks` file, v2's `cgroup.procs`. Opened here, by Sandbench, so the kernel
    // checks Sandbench's permission; the sandbox's init writes to them (see ChildStep::JoinCgroup).
    bool openJoinFiles(std::vector<int>& fds, std::string& error);
    bool active() const { return !m_folders.empty(); }
    const std::string& name() const { return m_name; }
    const std::vector<std::string>& folders() const { return m_folders; }

    CgroupCounters counters() const;
    // True when no process is in any of the run's cgroups.
    bool isEmpty() const;
    // Removes the folders once they are empty, waiting up to `waitMs`; if processes remain then, kills them
    // (they can only be the run's: only its init, through the descriptors above, ever joins) and waits as
    // long again. False, with what is left, when a folder could not be removed.
    bool remove(int waitMs, std::string& error);

private:
    int m_version = 0;
    std::string m_name;
    std::vector<std::string> m_folders;    // one per hierarchy, the memory controller's first
    std::vector<CgroupHierarchy> m_layout; // what each folder carries
};

// Removes the `sandbench` parents when they hold no run's cgroup (another Sandbench may still use them:
// rmdir refuses a cgroup with children, so this never takes one from under it).
void removeIdleCgroupParents(const CgroupHost& host);

// The run cgroup folders of `owner` that exist now, in every hierarchy: for tests and diagnostics.
std::vector<std::string> runCgroupsOf(pid_t owner);

// Removes the run cgroups that Sandbench processes which died left (their owner's pid no longer runs, or
// runs another program), and then the idle parents; notes each removal (removal_notes.h) and returns the
// lines. Cheap: a few directory listings.
std::vector<std::string> removeAbandonedRunCgroups();

} // namespace sandbench
