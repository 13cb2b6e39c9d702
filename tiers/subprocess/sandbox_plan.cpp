#include "sandbox_plan.h"

#include "id_maps.h"
#include "tiers/common/host_uid_block.h"
#include "tiers/common/system_folders.h"

#include <algorithm>
#include <climits>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sys/stat.h>
#include <unistd.h>

namespace sandbench {

namespace {

// Where the new root is assembled: a path that exists on every Linux host. The tmpfs mounted over it lives
// only in the sandbox's private mount namespace; the host's /tmp is untouched.
constexpr const char* kStagingRoot = "/tmp";

constexpr const char* kDeviceNodes[] = {"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"};
constexpr const char* kLandlockDevices[] = {"/dev/null",   "/dev/zero",    "/dev/full",
                                            "/dev/random", "/dev/urandom", nullptr};

std::string readSmallFile(const char* path) {
    std::ifstream file(path, std::ios::binary);
    std::string contents((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    return contents.size() <= (1 << 20) ? contents : std::string();
}

// The shared libraries Debian's alternatives choose (libblas.so.3, liblapack.so.3: numpy's and scipy's BLAS),
// as /etc/alternatives links to /usr: the loader's cache names them through that folder.
std::vector<std::pair<std::string, std::string>> libraryAlternatives() {
    std::vector<std::pair<std::string, std::string>> links;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/etc/alternatives", error)) {
        const std::string name = entry.path().filename().string();
        if (name.find(".so") == std::string::npos)
            continue;
        if (std::string target = readLink(entry.path().string()); target.rfind("/usr/", 0) == 0)
            links.emplace_back(std::move(target), name);
    }
    return links;
}

int lastCapability() {
    std::ifstream file("/proc/sys/kernel/cap_last_cap");
    int last = 63; // unknown: try them all; the child ignores EINVAL for ones the kernel lacks
    file >> last;
    return file ? last : 63;
}

} // namespace

ChildPlan planSandboxTemplate() {
    ChildPlan plan;
    const std::string root = kStagingRoot;
    plan.stagingRoot = root;
    plan.rootTmpfsOptions = "size=1m,nr_inodes=1024,mode=0755";
    plan.procPath = root + "/proc";
    static const int highestCapability = lastCapability();
    plan.lastCapability = highestCapability;
    plan.uid = kSandboxUid;
    plan.gid = kSandboxGid;
    plan.hostname = "sandbench";

    // /data: where inputs appear (a run with inputs mounts its own small folder there); empty otherwise.
    for (const char* folder : {"/usr", "/etc", "/dev", "/proc", "/tmp", "/sandbench", "/data"})
        plan.directories.push_back(root + folder);
    // The program folder's mount point stays empty in the template: the second, empty lower layer of the
    // read-only overlays that show the host's system folders without naming its disk.
    const std::string emptyLower = root + kProgramFolderInside;
    plan.binds.push_back({"/usr", root + "/usr", true, true, emptyLower});
    const TopLevelSystemFolders system = topLevelSystemFolders();
    for (const auto& [target, path] : system.symlinks)
        plan.symlinks.emplace_back(target, root + path);
    for (const std::string& folder : system.folders) {
        plan.directories.push_back(root + folder);
        plan.binds.push_back({folder, root + folder, true, true, emptyLower});
    }
    // The dynamic loader's cache keeps start-up as fast as outside; the time zone link keeps local time
    // right.
    const std::string loaderCache = readSmallFile("/etc/ld.so.cache");
    if (!loaderCache.empty())
        plan.files.emplace_back(root + "/etc/ld.so.cache", loaderCache);
    if (std::string zone = readLink("/etc/localtime"); !zone.empty())
        plan.symlinks.emplace_back(zone, root + "/etc/localtime");
    // Debian's matplotlib reads its defaults from /etc/matplotlibrc only, and refuses to import without.
    if (std::string matplotlibrc = readSmallFile("/etc/matplotlibrc"); !matplotlibrc.empty())
        plan.files.emplace_back(root + "/etc/matplotlibrc", matplotlibrc);
    // Fontconfig's configuration (a file and links to /usr), for the host's fc-list, which matplotlib runs
    // to find fonts: without it fc-list complains on the program's stderr.
    if (std::string fonts = readSmallFile("/etc/fonts/fonts.conf"); !fonts.empty()) {
        plan.directories.push_back(root + "/etc/fonts");
        plan.directories.push_back(root + "/etc/fonts/conf.d");
        plan.files.emplace_back(root + "/etc/fonts/fonts.conf", fonts);
        std::error_code error;
        for (const auto& entry : std::filesystem::directory_iterator("/etc/fonts/conf.d", error))
            if (std::string target = readLink(entry.path().string()); !target.empty() && target[0] != '/')
                plan.symlinks.emplace_back("/etc/fonts/conf.d/" + target,
                                           root + "/etc/fonts/conf.d/" + entry.path().filename().string());
            else if (!target.empty())
                plan.symlinks.emplace_back(target,
                                           root + "/etc/fonts/conf.d/" + entry.path().filename().string());
    }
    if (const auto alternatives = libraryAlternatives(); !alternatives.empty()) {
        plan.directories.push_back(root + "/etc/alternatives");
        for (const auto& [target, name] : alternatives)
            plan.symlinks.emplace_back(target, root + "/etc/alternatives/" + name);
    }
    for (const char* device : kDeviceNodes)
        plan.binds.push_back({device, root + device, false, false, {}});
    plan.symlinks.emplace_back("/proc/self/fd", root + "/dev/fd");
    plan.symlinks.emplace_back("/proc/self/fd/0", root + "/dev/stdin");
    plan.symlinks.emplace_back("/proc/self/fd/1", root + "/dev/stdout");
    plan.symlinks.emplace_back("/proc/self/fd/2", root + "/dev/stderr");
    // POSIX shared memory (multiprocessing's locks) lands in the capped working folder, not the host's
    // /dev/shm.
    plan.symlinks.emplace_back("/tmp", root + "/dev/shm");
    plan.files.emplace_back(root + "/etc/passwd",
                            "sandbox:x:1000:1000:Sandbench sandbox:/tmp:/usr/sbin/nologin\n");
    plan.files.emplace_back(root + "/etc/group", "sandbox:x:1000:\n");
    plan.files.emplace_back(root + "/etc/hostname", "sandbench\n");
    plan.files.emplace_back(root + "/etc/hosts", "127.0.0.1 localhost\n::1 localhost\n");

    plan.userQuotas = kernelQuotaShares();
    plan.landlockDevices.assign(std::begin(kLandlockDevices), std::end(kLandlockDevices));
    plan.workFolderInside = "/tmp";
    return plan;
}

std::string workFolderTmpfsOptions(const Policy& policy) {
    const std::int64_t inodes = std::max<std::int64_t>(1024, policy.workdirMb * 256);
    return "size=" + std::to_string(policy.workdirMb) + "m,nr_inodes=" + std::to_string(inodes) +
           ",mode=0700,uid=" + std::to_string(kSandboxUid) + ",gid=" + std::to_string(kSandboxGid);
}

std::string programFolderTmpfsOptions(std::size_t codeSize) {
    return "size=" + std::to_string(codeSize + 65536) + ",nr_inodes=16,mode=0755";
}

std::vector<std::pair<int, rlim_t>> resourceLimits(const Policy& policy) {
    const auto megabytes = [](std::int64_t mb) { return static_cast<rlim_t>(mb) << 20; };
    return {
        {RLIMIT_CPU, static_cast<rlim_t>(policy.effectiveCpuSeconds())},
        {RLIMIT_AS, megabytes(policy.memoryMb)},
        {RLIMIT_FSIZE, megabytes(policy.fileSizeMb)},
        // Counted per user in the sandbox's own user namespace (Linux 5.14+ ucounts), so the limit covers
        // exactly this sandbox's processes; +1 for the sandbox's init, which runs as the same user.
        {RLIMIT_NPROC, static_cast<rlim_t>(policy.processes) + 1},
        {RLIMIT_NOFILE, 256},
        {RLIMIT_CORE, 0},
        {RLIMIT_MEMLOCK, 0},
        {RLIMIT_MSGQUEUE, 0},
        {RLIMIT_SIGPENDING, kSandboxPendingSignals},
    };
}

namespace {

struct KernelQuota {
    const char* hostMaximum;    // the host's per-user maximum (the initial user namespace's)
    const char* sandboxMaximum; // the same count's maximum in the sandbox's own user namespace
    const char* name;
};
constexpr KernelQuota kKernelQuotas[] = {
    {"/proc/sys/fs/inotify/max_user_instances", "/proc/sys/user/max_inotify_instances", "inotify instances"},
    {"/proc/sys/fs/inotify/max_user_watches", "/proc/sys/user/max_inotify_watches", "inotify watches"},
    {"/proc/sys/fs/fanotify/max_user_groups", "/proc/sys/user/max_fanotify_groups", "fanotify groups"},
    {"/proc/sys/fs/fanotify/max_user_marks", "/proc/sys/user/max_fanotify_marks", "fanotify marks"},
};

} // namespace

std::vector<std::pair<std::string, std::string>> kernelQuotaShares() {
    std::vector<std::pair<std::string, std::string>> shares;
    for (const KernelQuota& quota : kKernelQuotas) {
        std::ifstream file(quota.hostMaximum);
        long long host = 0;
        if (!(file >> host) || host <= 0)
            continue;
        shares.emplace_back(quota.sandboxMaximum,
                            std::to_string(std::max<long long>(1, host / HostUidBlock::kBlockSize)));
    }
    return shares;
}

std::string describeKernelQuotas(const ChildPlan& plan) {
    std::string text;
    for (const auto& [path, value] : plan.userQuotas) {
        for (const KernelQuota& quota : kKernelQuotas) {
            if (path == quota.sandboxMaximum)
                text += (text.empty() ? "" : ", ") + value + " " + quota.name;
        }
    }
    return text + (text.empty() ? "" : ", ") + std::to_string(kSandboxPendingSignals) +
           " pending signals, no message queues, 256 descriptors";
}

std::string describeProc(bool subsetPid) {
    if (subsetPid)
        return "/proc: the sandbox's own processes only (subset=pid), no host meminfo, cpuinfo or sys";
    return "/proc: this kernel refused a /proc limited to processes (subset=pid, Linux 5.8+), so each run "
           "mounts a full one: the sandbox's processes still, but also the host's meminfo, cpuinfo and "
           "the readable parts of /proc/sys";
}

} // namespace sandbench
