#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sandbench {

// What is listening on this host before a lab runs, so only each attack's new listeners are looked into.
struct ListenerBaseline {
    std::set<std::string> inodes; // socket inodes of listening TCP, UDP and Unix sockets
};
ListenerBaseline takeListenerBaseline();

// The variable the Attack Lab sets to the run's name in a control run's environment. The control's
// programs are plain host processes of Sandbench's own uid: a process that left the run's process group
// (setsid) without renaming itself is still told apart from the user's other programs by what it
// inherited. The sandboxed tiers get no marker (see findLeftovers).
inline constexpr char kRunMarkerVariable[] = "SANDBENCH_RUN";

// What could be read of a small file, /proc ones included ("" when nothing): plain read(2), so a process
// that exits meanwhile
// ends the text rather than throwing.
std::string readSmallFile(const std::string& path);

// One process as /proc/PID/stat describes it.
struct ProcessStatus {
    int pid = 0;
    int parent = 0;
    std::string name;           // comm: at most 15 characters
    char state = '?';           // 'Z' for a zombie: dead but for its parent's wait
    double startedAtUptime = 0; // seconds since boot
    long long startTicks = 0;   // the same in clock ticks, exactly: with the pid, names one process for good
};
std::optional<ProcessStatus> readProcessStatus(int pid); // nullopt when it is gone
std::vector<ProcessStatus> listProcesses();

// Live processes whose name (comm) or command line holds `runName`, as "PID NAME" descriptions.
std::vector<int> processesNamed(const std::string& runName, std::vector<std::string>* descriptions = nullptr);

// Kills `pids` with SIGKILL and waits up to `waitMs` for them to be gone; true when they are.
bool killAndWait(const std::vector<int>& pids, int waitMs = 2000);

// What one attack run left on the host, each entry one line naming the thing and where it is:
// processes named after the run, files and folders named after it in the temporary folders, /dev/shm and
// the home folder, and listening sockets that were not there before the lab and are held by a process of
// the run (named after it, or carrying kRunMarkerVariable=runName in its environment). A new listener of
// any other program on the machine is not the run's and not a leftover. With `cleanUp`, what it finds is
// removed too (processes killed, files deleted), so the next attack starts on a clean machine.
std::vector<std::string> findLeftovers(const std::string& runName, const ListenerBaseline& baseline,
                                       bool cleanUp);

} // namespace sandbench
