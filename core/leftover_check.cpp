#include "leftover_check.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>
#include <unistd.h>
#include <utility>

namespace sandbench {

// What could be read of a /proc file. Plain read(2): a process that exits while its file is read makes the
// read fail with ESRCH, which an istreambuf_iterator turns into an exception (basic_filebuf::underflow).
std::string readSmallFile(const std::string& path) {
    std::string text;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return text;
    char buffer[4096];
    for (ssize_t got; (got = ::read(fd, buffer, sizeof buffer)) > 0 || (got < 0 && errno == EINTR);)
        text.append(buffer, static_cast<std::size_t>(std::max<ssize_t>(got, 0)));
    ::close(fd);
    return text;
}

namespace {

// The entries of `folder`, as many as could be read. A folder that goes away while it is read (a process's
// /proc/PID/fd when the process exits) ends the list: the range-for form's increment would throw instead,
// and end the whole lab with it.
std::vector<std::filesystem::path> entriesOf(const std::filesystem::path& folder) {
    std::vector<std::filesystem::path> entries;
    std::error_code error;
    for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
        entries.push_back(it->path());
    return entries;
}

std::vector<int> processIds() {
    std::vector<int> pids;
    DIR* proc = ::opendir("/proc");
    if (!proc)
        return pids;
    while (dirent* entry = ::readdir(proc)) {
        if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9')
            pids.push_back(std::atoi(entry->d_name));
    }
    ::closedir(proc);
    return pids;
}

// Socket inodes in a /proc/net table whose state column says "listening" (or, for UDP, bound at all).
void listeningInodes(const char* table, const char* listeningState, int inodeColumn, int stateColumn,
                     std::set<std::string>& inodes) {
    std::ifstream file(table);
    std::string line;
    std::getline(file, line); // the header
    while (std::getline(file, line)) {
        std::istringstream columns(line);
        std::vector<std::string> fields;
        for (std::string field; columns >> field;)
            fields.push_back(field);
        if (static_cast<int>(fields.size()) <= std::max(inodeColumn, stateColumn))
            continue;
        if (fields[static_cast<size_t>(stateColumn)] == listeningState &&
            fields[static_cast<size_t>(inodeColumn)] != "0")
            inodes.insert(std::string(table) + ":" + fields[static_cast<size_t>(inodeColumn)]);
    }
}

std::set<std::string> currentListeners() {
    std::set<std::string> inodes;
    // /proc/net/{tcp,tcp6}: "sl local rem st ... inode" with st 0A = LISTEN; udp: st 07 = bound, unconnected.
    listeningInodes("/proc/net/tcp", "0A", 9, 3, inodes);
    listeningInodes("/proc/net/tcp6", "0A", 9, 3, inodes);
    listeningInodes("/proc/net/udp", "07", 9, 3, inodes);
    listeningInodes("/proc/net/udp6", "07", 9, 3, inodes);
    // /proc/net/unix: "Num RefCount Protocol Flags Type St Inode Path"; flags 00010000 = listening.
    listeningInodes("/proc/net/unix", "00010000", 6, 3, inodes);
    return inodes;
}

// The processes holding each of `inodes` ("/proc/net/tcp:12345"), found through /proc/*/fd: none for a
// socket that closed while we looked, several for one shared across a fork.
std::map<std::string, std::vector<int>> socketHolders(const std::vector<std::string>& inodes) {
    std::map<std::string, std::string> byNumber; // "12345" -> "/proc/net/tcp:12345"
    std::map<std::string, std::vector<int>> holders;
    for (const std::string& inode : inodes) {
        byNumber.emplace(inode.substr(inode.rfind(':') + 1), inode);
        holders[inode];
    }
    for (const int pid : processIds()) {
        for (const auto& fd : entriesOf("/proc/" + std::to_string(pid) + "/fd")) {
            std::error_code ignored;
            const std::string target = std::filesystem::read_symlink(fd, ignored).string();
            if (!target.starts_with("socket:[") || target.size() < 10)
                continue;
            const auto found = byNumber.find(target.substr(8, target.size() - 9));
            if (found == byNumber.end())
                continue;
            std::vector<int>& pids = holders[found->second];
            if (pids.empty() || pids.back() != pid)
                pids.push_back(pid);
        }
    }
    return holders;
}

std::string commandLineOf(int pid) {
    std::string commandLine = readSmallFile("/proc/" + std::to_string(pid) + "/cmdline");
    for (char& c : commandLine)
        if (c == '\0')
            c = ' ';
    return commandLine;
}

bool isNamedAfter(const ProcessStatus& process, const std::string& runName) {
    return !runName.empty() && (process.name.find(runName) != std::string::npos ||
                                commandLineOf(process.pid).find(runName) != std::string::npos);
}

// Whether `pid` started with kRunMarkerVariable=runName in its environment (as it was at exec).
bool carriesRunMarker(int pid, const std::string& runName) {
    if (runName.empty())
        return false;
    const std::string environment = readSmallFile("/proc/" + std::to_string(pid) + "/environ");
    const std::string entry = std::string(kRunMarkerVariable) + "=" + runName;
    for (std::size_t start = 0; start < environment.size();) {
        const std::size_t end = std::min(environment.find('\0', start), environment.size());
        if (environment.compare(start, end - start, entry) == 0)
            return true;
        start = end + 1;
    }
    return false;
}

// This program, another Sandbench front end or test (their harnesses listen on loopback by design), or
// the container engines' own plumbing (conmon's attach sockets, containerd's shims), which come and go
// with the container tier's runs while other tiers' cells are checked.
bool isSandbenchOrEngine(int pid) {
    if (pid == ::getpid())
        return true;
    std::error_code ignored;
    const std::string executable =
        std::filesystem::read_symlink("/proc/" + std::to_string(pid) + "/exe", ignored).filename().string();
    static const char* const engines[] = {"conmon",       "podman", "dockerd", "containerd",
                                          "docker-proxy", "runc",   "crun",    "catatonit"};
    for (const char* engine : engines)
        if (executable == engine || (executable.starts_with("containerd-shim")))
            return true;
    return executable.starts_with("sandbench") || executable.starts_with("tst_");
}

} // namespace

std::optional<ProcessStatus> readProcessStatus(int pid) {
    // "PID (COMM) STATE PPID ... STARTTIME(22) ...": the name may hold spaces and parentheses, so the
    // fields are read after its last closing parenthesis.
    const std::string stat = readSmallFile("/proc/" + std::to_string(pid) + "/stat");
    const size_t open = stat.find('('), close = stat.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close + 2 > stat.size())
        return std::nullopt;
    ProcessStatus status;
    status.pid = pid;
    status.name = stat.substr(open + 1, close - open - 1);
    std::istringstream fields(stat.substr(close + 2));
    std::string field;
    for (int index = 3; index <= 22 && fields >> field; ++index) {
        if (index == 3)
            status.state = field.empty() ? '?' : field[0];
        else if (index == 4)
            status.parent = std::atoi(field.c_str());
        else if (index == 22) {
            status.startTicks = std::atoll(field.c_str());
            status.startedAtUptime =
                static_cast<double>(status.startTicks) / static_cast<double>(::sysconf(_SC_CLK_TCK));
        }
    }
    return status;
}

std::vector<ProcessStatus> listProcesses() {
    std::vector<ProcessStatus> processes;
    for (const int pid : processIds())
        if (auto status = readProcessStatus(pid))
            processes.push_back(std::move(*status));
    return processes;
}

ListenerBaseline takeListenerBaseline() {
    return {currentListeners()};
}

std::vector<int> processesNamed(const std::string& runName, std::vector<std::string>* descriptions) {
    std::vector<int> found;
    if (runName.empty())
        return found;
    const int self = ::getpid();
    for (const ProcessStatus& process : listProcesses()) {
        // A zombie is gone already but for its parent's wait; only the living count.
        if (process.pid == self || process.state == 'Z')
            continue;
        if (!isNamedAfter(process, runName))
            continue;
        found.push_back(process.pid);
        if (descriptions)
            descriptions->push_back("process " + std::to_string(process.pid) + " (" + process.name + ")");
    }
    return found;
}

bool killAndWait(const std::vector<int>& pids, int waitMs) {
    for (const int pid : pids)
        ::kill(pid, SIGKILL);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(waitMs);
    while (std::chrono::steady_clock::now() < deadline) {
        bool anyAlive = false;
        for (const int pid : pids) {
            const auto status = readProcessStatus(pid);
            anyAlive = anyAlive || (status && status->state != 'Z');
        }
        if (!anyAlive)
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

namespace {

// New listeners held by a process of the run `runName`, each as a leftover line and that process.
//
// Whose a listener is, tier by tier, is only what this check can really know:
// - host (the control): the run's programs are plain processes of Sandbench's own uid, in its namespaces
//   and cgroup, so uid, namespaces and cgroup tell nothing apart. The run's process group is killed when
//   the run ends, so what is still alive left it with setsid(); such a process is the run's when it is
//   named after the run (the suite's survivors rename themselves @RUN_NAME@) or inherited the marker
//   kRunMarkerVariable=runName that the lab puts in the control's environment. A program of the same uid
//   that the user starts meanwhile carries neither, and is not a leftover.
// - subprocess: without network its sockets are in the sandbox's own network namespace, which this
//   process's /proc/net tables never show. With network on they are in the host's tables, but every
//   process of the run is in the run's own PID namespace, which the kernel empties when its first process
//   ends, so none still holds one after the run. Its host uid (nobody as root, else ours) is shared with
//   other programs and marks nothing.
// - container, microvm, e2b: the program's sockets live in the container's network namespace, the guest's
//   kernel or another machine, none in the host's tables. What outlives a run there is the container or
//   the VM itself, which the tier's Tier::leftovers() reports.
// A socket whose holder cannot be found (closed meanwhile) is no one's leftover, and neither is one held
// by Sandbench or a container engine (another lab's harness services, conmon's attach sockets).
std::vector<std::pair<std::string, int>> listenersOfRun(const std::string& runName,
                                                        const ListenerBaseline& baseline) {
    std::vector<std::pair<std::string, int>> found;
    std::vector<std::string> newListeners;
    for (const std::string& inode : currentListeners())
        if (!baseline.inodes.contains(inode))
            newListeners.push_back(inode);
    if (runName.empty() || newListeners.empty())
        return found;
    for (const auto& [inode, holders] : socketHolders(newListeners)) {
        if (std::any_of(holders.begin(), holders.end(), isSandbenchOrEngine))
            continue;
        for (const int pid : holders) {
            const auto process = readProcessStatus(pid);
            if (!process || process->state == 'Z')
                continue;
            const bool named = isNamedAfter(*process, runName);
            if (!named && !carriesRunMarker(pid, runName))
                continue;
            found.emplace_back("listening socket " + inode + " held by process " + std::to_string(pid) +
                                   " (" + process->name + "), " +
                                   (named ? "named after the run" : "started by the run"),
                               pid);
            break;
        }
    }
    return found;
}

} // namespace

std::vector<std::string> findLeftovers(const std::string& runName, const ListenerBaseline& baseline,
                                       bool cleanUp) {
    std::vector<std::string> leftovers;
    std::vector<std::string> descriptions;
    std::vector<int> pids = processesNamed(runName, &descriptions);
    for (const std::string& description : descriptions)
        leftovers.push_back(description + " still running after the run");
    // Before anything is killed, so the sockets of the processes just found are still open.
    for (const auto& [description, pid] : listenersOfRun(runName, baseline)) {
        leftovers.push_back(description);
        if (std::find(pids.begin(), pids.end(), pid) == pids.end())
            pids.push_back(pid);
    }
    if (cleanUp && !pids.empty())
        killAndWait(pids);

    std::vector<std::string> folders{"/tmp", "/var/tmp", "/dev/shm"};
    if (const char* tmpdir = std::getenv("TMPDIR"); tmpdir && *tmpdir)
        folders.emplace_back(tmpdir);
    if (const char* home = std::getenv("HOME"); home && *home)
        folders.emplace_back(home);
    for (const std::string& folder : folders) {
        for (const auto& entry : entriesOf(folder)) {
            if (entry.filename().string().find(runName) == std::string::npos)
                continue;
            leftovers.push_back("file " + entry.string() + " left behind");
            if (cleanUp) {
                std::error_code ignored;
                std::filesystem::remove_all(entry, ignored);
            }
        }
    }
    return leftovers;
}

} // namespace sandbench
