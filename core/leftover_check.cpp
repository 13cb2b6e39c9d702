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
#include <sstream>
#include <thread>
#include <unistd.h>
#include <utility>

namespace sandbench {

namespace {

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

// The process holding each of `inodes` ("/proc/net/tcp:12345"), found through /proc/*/fd; -1 when none.
std::vector<std::pair<std::string, int>> socketOwners(const std::vector<std::string>& inodes) {
    std::vector<std::pair<std::string, int>> owners;
    for (const std::string& inode : inodes)
        owners.emplace_back(inode, -1);
    for (const int pid : processIds()) {
        for (const auto& fd : entriesOf("/proc/" + std::to_string(pid) + "/fd")) {
            std::error_code ignored;
            const std::string target = std::filesystem::read_symlink(fd, ignored).string();
            if (!target.starts_with("socket:["))
                continue;
            const std::string number = target.substr(8, target.size() - 9);
            for (auto& [inode, owner] : owners)
                if (owner < 0 && inode.ends_with(":" + number))
                    owner = pid;
        }
    }
    return owners;
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

double secondsSinceBoot() {
    std::ifstream uptime("/proc/uptime");
    double seconds = 0;
    uptime >> seconds;
    return seconds;
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
    return {currentListeners(), secondsSinceBoot()};
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
        std::string commandLine = readSmallFile("/proc/" + std::to_string(process.pid) + "/cmdline");
        for (char& c : commandLine)
            if (c == '\0')
                c = ' ';
        if (process.name.find(runName) == std::string::npos && commandLine.find(runName) == std::string::npos)
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

std::vector<std::string> findLeftovers(const std::string& runName, const ListenerBaseline& baseline,
                                       bool cleanUp) {
    std::vector<std::string> leftovers;
    std::vector<std::string> descriptions;
    const std::vector<int> pids = processesNamed(runName, &descriptions);
    for (const std::string& description : descriptions)
        leftovers.push_back(description + " still running after the run");
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

    std::vector<std::string> newListeners;
    for (const std::string& inode : currentListeners())
        if (!baseline.inodes.contains(inode))
            newListeners.push_back(inode);
    if (!newListeners.empty()) {
        // Another lab's harness (a second Sandbench on this machine) listens too: only sockets held by
        // something that is not Sandbench count.
        for (const auto& [inode, owner] : socketOwners(newListeners)) {
            // No owner: the socket closed while we looked. An owner older than the lab is the machine's
            // own business, not something an attack left.
            if (owner < 0 || isSandbenchOrEngine(owner) ||
                readProcessStatus(owner).value_or(ProcessStatus{}).startedAtUptime < baseline.takenAtUptime)
                continue;
            leftovers.push_back("listening socket " + inode + " held by process " + std::to_string(owner) +
                                " that was not there before the lab");
        }
    }
    return leftovers;
}

} // namespace sandbench
