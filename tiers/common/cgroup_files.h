#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace sandbench {

// Reading the host's cgroup files: where each hierarchy is mounted, which cgroup a process is in, and the
// counters a cgroup folder holds. Shared by the subprocess tier's run cgroups and the container tiers'
// host-side account of a container's cgroup.

// One cgroup filesystem mounted on this host, from /proc/self/mountinfo.
struct CgroupMount {
    std::string root;  // the mounted folder's path inside the cgroup tree
    std::string point; // where it is mounted
    bool v2 = false;
    std::string options; // v1: the controllers among the super options
};
std::vector<CgroupMount> cgroupMounts();

// True when `word` is one of the `separator`-separated words of `list` ("cpu,cpuacct", "memory pids").
bool hasWord(const std::string& list, const std::string& word, char separator);

// The cgroup of process `pid` ("self" for this one) in the hierarchy whose /proc/PID/cgroup line lists
// `controller` ("" for v2's "0::" line); empty when there is none.
std::string cgroupOf(const std::string& pid, const std::string& controller);

// The folder of cgroup `path` in a hierarchy mounted as `mount`.
std::string folderOf(const CgroupMount& mount, std::string path);

// The value after `key` in a file of "key value" lines (memory.events, pids.events, cpu.stat); -1 when the
// key is not there.
std::int64_t counterIn(const std::string& path, const std::string& key);
// A file holding one number (memory.failcnt, cpuacct.usage); -1 when absent or not a number.
std::int64_t numberIn(const std::string& path);

} // namespace sandbench
