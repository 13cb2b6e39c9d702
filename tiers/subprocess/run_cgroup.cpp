#include "run_cgroup.h"

#include "core/leftover_check.h"
#include "core/policy.h"
#include "core/removal_notes.h"
#include "tiers/common/cgroup_files.h"
#include "tiers/common/unique_fd.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <map>
#include <poll.h>
#include <sstream>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace sandbench {

namespace {

constexpr const char* kParentName = "sandbench";
constexpr const char* kRunPrefix = "sandbench-";

int writeText(const std::string& path, const std::string& text) {
    UniqueFd fd(::open(path.c_str(), O_WRONLY | O_CLOEXEC));
    if (!fd.valid())
        return errno;
    const ssize_t written = ::write(fd.get(), text.data(), text.size());
    if (written < 0)
        return errno;
    return written == static_cast<ssize_t>(text.size()) ? 0 : EIO;
}

bool exists(const std::string& path) {
    return ::access(path.c_str(), F_OK) == 0;
}

std::string parentOf(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    return slash == 0 || slash == std::string::npos ? "/" : path.substr(0, slash);
}

std::string trimmedLine(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    return text;
}

struct Located {
    int version = 0;
    std::vector<CgroupHierarchy> hierarchies;
    std::string problem;
};

// Where run cgroups go on this host, without creating anything. The memory controller decides the
// version: it is bound to one hierarchy only, v1 or v2.
Located locateHierarchies() {
    Located found;
    const std::vector<CgroupMount> mounts = cgroupMounts();
    const CgroupMount* v2 = nullptr;
    std::map<std::string, const CgroupMount*> v1; // controller -> its mount
    for (const CgroupMount& mount : mounts) {
        if (mount.v2) {
            if (!v2)
                v2 = &mount;
            continue;
        }
        for (const char* controller : {"memory", "pids", "cpu", "cpuacct"})
            if (hasWord(mount.options, controller, ',') && !v1.contains(controller))
                v1[controller] = &mount;
    }
    if (v1.contains("memory")) {
        found.version = 1;
        if (!v1.contains("pids")) {
            found.problem = "this cgroup v1 host mounts no pids hierarchy";
            found.version = 0;
            return found;
        }
        // One hierarchy per mount: a co-mounted "cpu,cpuacct" or even "memory,pids" is one folder.
        for (const char* controller : {"memory", "pids", "cpu", "cpuacct"}) {
            const auto mount = v1.find(controller);
            if (mount == v1.end())
                continue;
            const std::string parent =
                folderOf(*mount->second, cgroupOf("self", controller)) + "/" + kParentName;
            auto same = std::find_if(found.hierarchies.begin(), found.hierarchies.end(),
                                     [&](const CgroupHierarchy& h) { return h.parent == parent; });
            if (same == found.hierarchies.end())
                same = found.hierarchies.insert(found.hierarchies.end(), CgroupHierarchy{parent});
            same->memory |= std::string(controller) == "memory";
            same->pids |= std::string(controller) == "pids";
            same->cpu |= std::string(controller) == "cpu";
            same->cpuacct |= std::string(controller) == "cpuacct";
        }
        return found;
    }
    if (!v2) {
        found.problem = "this host mounts no memory cgroup (neither a v1 memory hierarchy nor cgroup v2)";
        return found;
    }
    // A v2 cgroup that holds processes may not enable controllers for its children (the "no internal
    // processes" rule), and Sandbench's own cgroup holds Sandbench: the runs go beside it, into a
    // `sandbench` child of its parent, unless Sandbench is in the root, which is exempt.
    const std::string own = cgroupOf("self", "");
    const std::string base = folderOf(*v2, own.empty() || own == "/" ? std::string("/") : parentOf(own));
    if (!hasWord(trimmedLine(readSmallFile(base + "/cgroup.controllers")), "memory", ' ')) {
        found.problem = "cgroup v2 offers no memory controller at " + base;
        return found;
    }
    found.version = 2;
    found.hierarchies.push_back({base + "/" + kParentName, true, true, true, true});
    return found;
}

// Creates (or finds) a hierarchy's `sandbench` parent; on v2 also hands it the controllers. 0 or errno.
int ensureParent(const CgroupHierarchy& hierarchy, int version) {
    if (::mkdir(hierarchy.parent.c_str(), 0755) != 0 && errno != EEXIST)
        return errno;
    if (version != 2)
        return 0;
    const std::string base = parentOf(hierarchy.parent);
    // The base normally distributes memory and pids already (Sandbench's own cgroup lists them); if not,
    // ask for them: that works only where the base holds no process itself.
    const std::string given = trimmedLine(readSmallFile(base + "/cgroup.subtree_control"));
    if (!hasWord(given, "memory", ' ') || !hasWord(given, "pids", ' ')) {
        if (int error = writeText(base + "/cgroup.subtree_control", "+memory +pids"))
            return error;
    }
    const std::string ours = trimmedLine(readSmallFile(hierarchy.parent + "/cgroup.subtree_control"));
    if (!hasWord(ours, "memory", ' ') || !hasWord(ours, "pids", ' ')) {
        if (int error = writeText(hierarchy.parent + "/cgroup.subtree_control", "+memory +pids"))
            return error;
    }
    // CPU is optional: a quota where the host offers the controller, nothing lost where it does not.
    if (!hasWord(ours, "cpu", ' '))
        writeText(hierarchy.parent + "/cgroup.subtree_control", "+cpu");
    return 0;
}

long long ownStartTicks() {
    static const long long ticks = [] {
        const auto status = readProcessStatus(static_cast<int>(::getpid()));
        return status ? status->startTicks : 0LL;
    }();
    return ticks;
}

std::string explainCreateError(const std::string& path, int error, int version) {
    std::string text = "cannot create " + path + ": " + std::strerror(error);
    if (error == EACCES || error == EPERM || error == EROFS) {
        text += version == 1 ? " (cgroup v1 gives cgroups to root only, and none is delegated to this user)"
                             : " (this cgroup v2 subtree is not delegated to this user; run Sandbench in a "
                               "delegated scope, e.g. `systemd-run --user --scope -p Delegate=yes "
                               "sandbench-cli …`)";
    }
    return text;
}

void killListed(const std::string& folder, int version) {
    if (version == 2 && writeText(folder + "/cgroup.kill", "1") == 0)
        return;
    std::istringstream pids(readSmallFile(folder + "/cgroup.procs"));
    for (long pid; pids >> pid;)
        if (pid > 0)
            ::kill(static_cast<pid_t>(pid), SIGKILL);
}

// Removes `folders`, waiting for them to empty; then, if `mayKill`, kills what is still in them and waits
// again. Returns what could not be removed.
std::vector<std::string> removeFolders(std::vector<std::string> folders, int version, int waitMs,
                                       bool mayKill) {
    using Clock = std::chrono::steady_clock;
    for (int phase = 0; phase < 2 && !folders.empty(); ++phase) {
        if (phase == 1) {
            if (!mayKill)
                break;
            for (const std::string& folder : folders)
                killListed(folder, version);
        }
        const auto deadline = Clock::now() + std::chrono::milliseconds(waitMs);
        auto pause = std::chrono::microseconds(100);
        while (true) {
            std::erase_if(folders, [](const std::string& folder) {
                return ::rmdir(folder.c_str()) == 0 || errno == ENOENT;
            });
            if (folders.empty() || Clock::now() >= deadline)
                break;
            std::this_thread::sleep_for(pause);
            pause = std::min(pause * 2, std::chrono::microseconds(20000));
        }
    }
    return folders;
}

std::string controllersOf(const CgroupHierarchy& hierarchy) {
    std::string names;
    for (const auto& [has, name] :
         {std::pair{hierarchy.memory, "memory"}, std::pair{hierarchy.pids, "pids"},
          std::pair{hierarchy.cpu, "cpu"}, std::pair{hierarchy.cpuacct, "cpuacct"}}) {
        if (has)
            names += (names.empty() ? "" : ", ") + std::string(name);
    }
    return names;
}

} // namespace

CgroupLimits CgroupLimits::of(const Policy& policy) {
    CgroupLimits limits;
    limits.memoryBytes = policy.memoryMb << 20;
    // Cgroup v1 keeps TCP buffers on a counter of their own, outside memory.limit_in_bytes; a quarter of
    // the memory limit keeps a run's total within 1.25 × memory_mb while leaving a program's own loopback
    // or downloads ample window (the kernel shrinks windows under pressure rather than failing sends).
    limits.tcpBytes = std::max<std::int64_t>(limits.memoryBytes / 4, 1 << 20);
    limits.tasks = static_cast<std::int64_t>(policy.processes) + 1;
    limits.cpuQuotaMicros = std::max<std::int64_t>(
        1000, static_cast<std::int64_t>(std::ceil(policy.cpus * static_cast<double>(kCpuPeriodMicros))));
    return limits;
}

std::string CgroupHost::note() const {
    if (!usable())
        return "no per-run memory cgroup: " + problem +
               ", memory bounded per process only (RLIMIT_AS); kernel memory such as socket buffers is not "
               "bounded";
    // The memory hierarchy's folder says where; the others sit at the same place in theirs.
    std::string text = std::string("cgroup memory: each run in memory, pids") + (cpuQuota ? " and CPU" : "") +
                       " cgroups of its own (cgroup v" + std::to_string(version) + ", in " +
                       hierarchies.front().parent +
                       "): memory_mb for all its processes together, kernel memory and Unix socket buffers "
                       "included";
    if (version == 1)
        text += tcpCounted ? "; TCP buffers on v1's separate counter, capped at a quarter of memory_mb"
                           : "; TCP buffers not counted (this kernel has no memory.kmem.tcp)";
    text += noSwap ? "; no swap" : "; swap not accounted here (no memory.memsw), so not limited";
    if (!cpuQuota)
        text += "; no CPU quota (no cpu controller)";
    return text;
}

CgroupHost probeRunCgroups() {
    CgroupHost host;
    Located located = locateHierarchies();
    if (located.version == 0) {
        host.problem = located.problem;
        return host;
    }
    host.version = located.version;
    host.hierarchies = located.hierarchies;
    auto fail = [&host](std::string problem) {
        host.version = 0;
        host.problem = std::move(problem);
        return host;
    };
    for (const CgroupHierarchy& hierarchy : host.hierarchies) {
        if (int error = ensureParent(hierarchy, host.version))
            return fail(explainCreateError(hierarchy.parent, error, host.version));
    }
    const CgroupHierarchy& memory = host.hierarchies.front();
    if (host.version == 1) {
        host.noSwap = exists(memory.parent + "/memory.memsw.limit_in_bytes");
        host.tcpCounted = exists(memory.parent + "/memory.kmem.tcp.limit_in_bytes");
        host.cpuQuota = std::any_of(host.hierarchies.begin(), host.hierarchies.end(),
                                    [](const CgroupHierarchy& h) { return h.cpu; });
    } else {
        host.tcpCounted = true; // v2 charges socket memory to memory.max
        const std::string ours = trimmedLine(readSmallFile(memory.parent + "/cgroup.subtree_control"));
        host.cpuQuota = hasWord(ours, "cpu", ' ');
        host.hierarchies.front().cpu = host.cpuQuota;
    }

    // The whole protocol once, so the probe says what really works: a cgroup with its limits, a process
    // moving itself in through the descriptors a run's init gets, then everything removed again.
    RunCgroup trial;
    std::string error;
    if (!trial.create(host, Policy{}, error))
        return fail(error);
    if (host.version == 2)
        host.noSwap = exists(trial.folders().front() + "/memory.swap.max");
    std::vector<int> join;
    if (!trial.openJoinFiles(join, error))
        return fail(error);
    const pid_t child = ::fork();
    if (child == 0) {
        // As the sandbox's init will: write "0" to each. Only async-signal-safe calls: we may have threads.
        for (const int fd : join) {
            if (::write(fd, "0", 1) != 1)
                ::_exit(errno & 0xff);
        }
        ::_exit(0);
    }
    const int forkError = errno;
    for (const int fd : join)
        ::close(fd);
    if (child < 0)
        return fail(std::string("cannot start the trial process: ") + std::strerror(forkError));
    int status = 0;
    ::waitpid(child, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return fail("a process cannot move itself into " + trial.folders().front() + ": " +
                    std::strerror(WIFEXITED(status) ? WEXITSTATUS(status) : EIO));
    if (!trial.remove(2000, error))
        return fail(error);
    return host;
}

RunCgroup::~RunCgroup() {
    std::string ignored;
    remove(2000, ignored);
}

bool RunCgroup::create(const CgroupHost& host, const Policy& policy, std::string& error) {
    static std::atomic<unsigned> next{0};
    m_version = host.version;
    m_name = kRunPrefix + std::to_string(::getpid()) + "-" + std::to_string(ownStartTicks()) + "-" +
             std::to_string(next++);
    const CgroupLimits limits = CgroupLimits::of(policy);
    for (const CgroupHierarchy& hierarchy : host.hierarchies) {
        const std::string folder = hierarchy.parent + "/" + m_name;
        int made = -1;
        // Another Sandbench may have removed the idle parent a moment ago: make it again, then retry.
        for (int attempt = 0; attempt < 3 && made != 0; ++attempt) {
            made = ::mkdir(folder.c_str(), 0755) == 0 ? 0 : errno;
            if (made == ENOENT)
                ensureParent(hierarchy, host.version);
        }
        if (made != 0) {
            error = explainCreateError(folder, made, host.version);
            return false;
        }
        m_folders.push_back(folder);
        m_layout.push_back(hierarchy);

        std::vector<std::pair<std::string, std::string>> writes;
        const auto bytes = [](std::int64_t value) { return std::to_string(value); };
        if (hierarchy.memory && m_version == 1) {
            // Kernel memory (slabs, Unix socket buffers, page tables) is charged into memory.usage on v1
            // too on the kernels this tier supports (Unix socket buffers show as kmem inside the usage), so
            // memory.kmem.limit_in_bytes, deprecated and ignored
            // since Linux 6.1, is left alone. memsw after memory: it may never be below it.
            writes.emplace_back("memory.limit_in_bytes", bytes(limits.memoryBytes));
            if (host.noSwap)
                writes.emplace_back("memory.memsw.limit_in_bytes", bytes(limits.memoryBytes));
            if (host.tcpCounted) // setting it is what turns TCP accounting on for the cgroup
                writes.emplace_back("memory.kmem.tcp.limit_in_bytes", bytes(limits.tcpBytes));
        } else if (hierarchy.memory) {
            writes.emplace_back("memory.max", bytes(limits.memoryBytes));
            if (exists(folder + "/memory.swap.max"))
                writes.emplace_back("memory.swap.max", "0");
        }
        if (hierarchy.pids)
            writes.emplace_back("pids.max", std::to_string(limits.tasks));
        if (hierarchy.cpu && m_version == 1) {
            writes.emplace_back("cpu.cfs_period_us", std::to_string(kCpuPeriodMicros));
            writes.emplace_back("cpu.cfs_quota_us", std::to_string(limits.cpuQuotaMicros));
        } else if (hierarchy.cpu && host.cpuQuota) {
            writes.emplace_back("cpu.max", std::to_string(limits.cpuQuotaMicros) + " " +
                                               std::to_string(kCpuPeriodMicros));
        }
        for (const auto& [file, value] : writes) {
            if (int failed = writeText(folder + "/" + file, value)) {
                error = "cannot set " + folder + "/" + file + " to " + value + ": " + std::strerror(failed);
                return false;
            }
        }
    }
    return true;
}

bool RunCgroup::openJoinFiles(std::vector<int>& fds, std::string& error) {
    for (const std::string& folder : m_folders) {
        // v1's `tasks` moves one thread, and a thread that moves itself ("0") needs no global lock; the
        // sandbox's init is single-threaded, so that moves the whole process. Writing a pid to
        // cgroup.procs instead takes the kernel's threadgroup lock, which waits for an RCU grace period,
        // milliseconds per run. v2 has no such file for a domain cgroup.
        const std::string path = folder + (m_version == 1 ? "/tasks" : "/cgroup.procs");
        const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd < 0) {
            error = "cannot open " + path + ": " + std::strerror(errno);
            for (const int opened : fds)
                ::close(opened);
            fds.clear();
            return false;
        }
        fds.push_back(fd);
    }
    return true;
}

CgroupCounters RunCgroup::counters() const {
    CgroupCounters counters;
    for (std::size_t i = 0; i < m_folders.size(); ++i) {
        const std::string& folder = m_folders[i];
        const CgroupHierarchy& layout = m_layout[i];
        if (layout.memory && m_version == 1) {
            counters.oomKills =
                std::max<std::int64_t>(0, counterIn(folder + "/memory.oom_control", "oom_kill"));
            counters.memoryLimitHits = std::max<std::int64_t>(0, numberIn(folder + "/memory.failcnt"));
            counters.peakBytes = numberIn(folder + "/memory.max_usage_in_bytes");
            counters.tcpPeakBytes = numberIn(folder + "/memory.kmem.tcp.max_usage_in_bytes");
        } else if (layout.memory) {
            counters.oomKills = std::max<std::int64_t>(0, counterIn(folder + "/memory.events", "oom_kill"));
            counters.memoryLimitHits = std::max<std::int64_t>(0, counterIn(folder + "/memory.events", "max"));
            counters.peakBytes = numberIn(folder + "/memory.peak");
        }
        if (layout.pids)
            counters.pidsLimitHits = std::max<std::int64_t>(0, counterIn(folder + "/pids.events", "max"));
        if (layout.cpuacct && m_version == 1) {
            if (const std::int64_t nanos = numberIn(folder + "/cpuacct.usage"); nanos >= 0)
                counters.cpuMicros = nanos / 1000;
        } else if (layout.cpuacct) {
            counters.cpuMicros = counterIn(folder + "/cpu.stat", "usage_usec");
        }
    }
    return counters;
}

bool RunCgroup::isEmpty() const {
    return std::all_of(m_folders.begin(), m_folders.end(), [](const std::string& folder) {
        return trimmedLine(readSmallFile(folder + "/cgroup.procs")).empty();
    });
}

bool RunCgroup::remove(int waitMs, std::string& error) {
    if (m_folders.empty())
        return true;
    // Every process in these cgroups descends from the sandbox's init, inside its PID namespace: only init
    // joined them, through descriptors only it held, and the sandbox sees no cgroup filesystem.
    const std::vector<std::string> left = removeFolders(m_folders, m_version, waitMs, true);
    m_folders = left;
    if (left.empty()) {
        m_layout.clear();
        return true;
    }
    error = "could not remove the run's cgroup " + left.front() + ": processes are still in it";
    return false;
}

void removeIdleCgroupParents(const CgroupHost& host) {
    for (const CgroupHierarchy& hierarchy : host.hierarchies)
        ::rmdir(hierarchy.parent.c_str()); // refused while any run's cgroup is in it: that is the point
}

std::vector<std::string> runCgroupsOf(pid_t owner) {
    std::vector<std::string> folders;
    const std::string prefix = kRunPrefix + std::to_string(owner) + "-";
    for (const CgroupHierarchy& hierarchy : locateHierarchies().hierarchies) {
        DIR* listing = ::opendir(hierarchy.parent.c_str());
        if (!listing)
            continue;
        while (const dirent* entry = ::readdir(listing)) {
            if (std::strncmp(entry->d_name, prefix.c_str(), prefix.size()) == 0)
                folders.push_back(hierarchy.parent + "/" + entry->d_name);
        }
        ::closedir(listing);
    }
    std::sort(folders.begin(), folders.end());
    return folders;
}

std::vector<std::string> removeAbandonedRunCgroups() {
    std::vector<std::string> lines;
    const Located located = locateHierarchies();
    if (located.version == 0)
        return lines;
    // Name -> the hierarchies it was found in, and whether every folder went.
    std::map<std::string, std::pair<std::vector<std::string>, std::vector<std::string>>> abandoned;
    for (const CgroupHierarchy& hierarchy : located.hierarchies) {
        DIR* listing = ::opendir(hierarchy.parent.c_str());
        if (!listing)
            continue;
        std::vector<std::string> names;
        while (const dirent* entry = ::readdir(listing)) {
            if (std::strncmp(entry->d_name, kRunPrefix, std::strlen(kRunPrefix)) == 0)
                names.emplace_back(entry->d_name);
        }
        ::closedir(listing);
        for (const std::string& name : names) {
            // sandbench-<pid>-<start ticks>-<n>
            long long pid = 0, ticks = 0;
            unsigned long number = 0;
            char tail = 0;
            if (std::sscanf(name.c_str() + std::strlen(kRunPrefix), "%lld-%lld-%lu%c", &pid, &ticks, &number,
                            &tail) != 3 ||
                pid <= 0)
                continue;
            const auto owner = readProcessStatus(static_cast<int>(pid));
            if (owner && owner->startTicks == ticks)
                continue; // its owner lives: a run in progress
            const std::string folder = hierarchy.parent + "/" + name;
            auto& [found, left] = abandoned[name];
            found.push_back(controllersOf(hierarchy));
            // A dead owner's sandboxes end with it (parent-death signals), so the folder is empty or soon
            // will be; whatever is still in it belongs to that run.
            for (const std::string& stuck : removeFolders({folder}, located.version, 1000, true))
                left.push_back(stuck);
        }
    }
    for (const auto& [name, outcome] : abandoned) {
        const auto& [found, left] = outcome;
        std::string controllers;
        for (const std::string& which : found)
            controllers += (controllers.empty() ? "" : ", ") + which;
        lines.push_back(left.empty() ? "removed run cgroup " + name + " (" + controllers +
                                           "), left by a Sandbench process that died"
                                     : "could not remove run cgroup " + left.front() +
                                           " (left by a Sandbench process that died): processes are "
                                           "still in it");
        noteRemoval(lines.back());
    }
    for (const CgroupHierarchy& hierarchy : located.hierarchies)
        ::rmdir(hierarchy.parent.c_str());
    return lines;
}

} // namespace sandbench
