#include "vmm_jail.h"

#include "tiers/common/setup_steps.h"
#include "tiers/common/system_folders.h"

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace sandbench {

namespace {

// The child's steps, in order; a failing one is reported to the parent with its errno.
enum class JailStep : int {
    IdMaps,
    StandardStreams,
    ProcessGroup,
    PrivateMounts,
    RootTmpfs,
    Folders,
    Devices,
    Symlinks,
    Proc,
    PivotRoot,
    ReadOnlyRoot,
    Exec,
};

const char* describe(JailStep step) {
    switch (step) {
    case JailStep::IdMaps:
        return "map QEMU's uid in its user namespace";
    case JailStep::StandardStreams:
        return "connect QEMU's standard streams";
    case JailStep::ProcessGroup:
        return "give QEMU its own process group";
    case JailStep::PrivateMounts:
        return "make QEMU's mounts private";
    case JailStep::RootTmpfs:
        return "mount the jail's root tmpfs";
    case JailStep::Folders:
        return "bind the system folders read-only into the jail";
    case JailStep::Devices:
        return "bind QEMU's device nodes into the jail";
    case JailStep::Symlinks:
        return "link the library folders in the jail";
    case JailStep::Proc:
        return "mount the jail's /proc";
    case JailStep::PivotRoot:
        return "pivot into the jail";
    case JailStep::ReadOnlyRoot:
        return "make the jail's root read-only";
    case JailStep::Exec:
        return "execute QEMU's launcher";
    }
    return "set up QEMU's jail";
}

// Everything the child needs, built before clone(): after it the child makes raw system calls only.
struct ChildSetup {
    const VmmJail* jail;
    std::vector<char*> argv;
    int stdinFd, stdoutFd, stderrFd, reportFd;
    std::vector<int> inherited;
    bool ownUserNamespace;
    std::string uidMap, gidMap;
    std::vector<std::string> folderTargets, deviceTargets, linkPaths;
    std::string procTarget, loaderCacheTarget;
};

int writeOwnFile(const char* path, const std::string& text) {
    const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    const ssize_t written = ::write(fd, text.data(), text.size());
    const int error = written == static_cast<ssize_t>(text.size()) ? 0 : (written < 0 ? errno : EIO);
    ::close(fd);
    return error;
}

int bindReadOnly(const char* source, const char* target, bool directory, bool readOnly) {
    if (directory) {
        if (::mkdir(target, 0755) != 0)
            return errno;
    } else {
        const int fd = ::open(target, O_WRONLY | O_CREAT | O_CLOEXEC, 0444);
        if (fd < 0)
            return errno;
        ::close(fd);
    }
    if (::mount(source, target, nullptr, MS_BIND | MS_REC, nullptr) != 0)
        return errno;
    if (!readOnly)
        return 0;
    return errorOf(::mount(nullptr, target, nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID, nullptr));
}

int runStep(const ChildSetup& setup, JailStep step) {
    const VmmJail& jail = *setup.jail;
    switch (step) {
    case JailStep::IdMaps:
        if (!setup.ownUserNamespace)
            return 0;
        if (int error = writeOwnFile("/proc/self/setgroups", "deny"))
            return error;
        if (int error = writeOwnFile("/proc/self/uid_map", setup.uidMap))
            return error;
        return writeOwnFile("/proc/self/gid_map", setup.gidMap);
    case JailStep::StandardStreams:
        if (::dup2(setup.stdinFd, 0) < 0 || ::dup2(setup.stdoutFd, 1) < 0 || ::dup2(setup.stderrFd, 2) < 0)
            return errno;
        for (const int fd : setup.inherited) {
            if (::fcntl(fd, F_SETFD, 0) != 0)
                return errno;
        }
        return 0;
    case JailStep::ProcessGroup:
        return errorOf(::setpgid(0, 0));
    case JailStep::PrivateMounts:
        return errorOf(::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr));
    case JailStep::RootTmpfs:
        return errorOf(::mount("sandbench-vmm", jail.root.c_str(), "tmpfs", MS_NOSUID | MS_NODEV,
                               "size=64k,nr_inodes=64,mode=0755"));
    case JailStep::Folders:
        for (std::size_t i = 0; i < jail.folders.size(); ++i) {
            if (int error = bindReadOnly(jail.folders[i].c_str(), setup.folderTargets[i].c_str(), true, true))
                return error;
        }
        if (!setup.loaderCacheTarget.empty() && ::mkdir((jail.root + "/etc").c_str(), 0755) != 0)
            return errno;
        return setup.loaderCacheTarget.empty()
                   ? 0
                   : bindReadOnly("/etc/ld.so.cache", setup.loaderCacheTarget.c_str(), false, true);
    case JailStep::Devices:
        if (::mkdir((jail.root + "/dev").c_str(), 0755) != 0)
            return errno;
        for (std::size_t i = 0; i < jail.devices.size(); ++i) {
            if (int error =
                    bindReadOnly(jail.devices[i].c_str(), setup.deviceTargets[i].c_str(), false, false))
                return error;
        }
        return 0;
    case JailStep::Symlinks:
        for (std::size_t i = 0; i < jail.symlinks.size(); ++i) {
            if (::symlink(jail.symlinks[i].first.c_str(), setup.linkPaths[i].c_str()) != 0)
                return errno;
        }
        return 0;
    case JailStep::Proc:
        // QEMU reaches the descriptors it inherited through /proc/self/fd; this /proc shows only its PID
        // namespace, in which it is alone.
        if (::mkdir(setup.procTarget.c_str(), 0555) != 0)
            return errno;
        // subset=pid (Linux 5.8+) leaves out the host's /proc/meminfo, /proc/sys and the like.
        if (::mount("proc", setup.procTarget.c_str(), "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
                    "subset=pid") == 0)
            return 0;
        return errorOf(
            ::mount("proc", setup.procTarget.c_str(), "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr));
    case JailStep::PivotRoot:
        return pivotRootTo(jail.root.c_str());
    case JailStep::ReadOnlyRoot:
        return remountRootReadOnly();
    case JailStep::Exec:
        ::execve(setup.argv[0], setup.argv.data(), environ);
        return errno;
    }
    return EINVAL;
}

[[noreturn]] void runJailedChild(const ChildSetup& setup) {
    ::signal(SIGPIPE, SIG_DFL);
    for (int step = 0; step <= static_cast<int>(JailStep::Exec); ++step) {
        if (const int error = runStep(setup, static_cast<JailStep>(step))) {
            const int report[2] = {step, error};
            [[maybe_unused]] auto written = ::write(setup.reportFd, report, sizeof report);
            ::_exit(127);
        }
    }
    ::_exit(127);
}

} // namespace

VmmJail planVmmJail(const std::string& root, bool kvm) {
    VmmJail jail;
    jail.root = root;
    jail.folders.push_back("/usr");
    TopLevelSystemFolders system = topLevelSystemFolders();
    jail.folders.insert(jail.folders.end(), system.folders.begin(), system.folders.end());
    jail.symlinks = std::move(system.symlinks);
    jail.devices = {"/dev/null", "/dev/urandom"};
    if (kvm)
        jail.devices.push_back("/dev/kvm");
    return jail;
}

bool spawnJailed(const std::vector<std::string>& argv, const VmmJail& jail, SpawnedProcess& process,
                 std::string& error, const std::vector<int>& inherited) {
    if (argv.empty() || argv.front().empty() || argv.front().front() != '/') {
        error = "internal error: spawnJailed needs an absolute program path";
        return false;
    }
    Pipe out, err, report;
    if (!makePipe(out) || !makePipe(err) || !makePipe(report)) {
        error = std::string("pipe: ") + std::strerror(errno);
        return false;
    }
    UniqueFd devNull(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    if (!devNull.valid()) {
        error = std::string("cannot open /dev/null: ") + std::strerror(errno);
        return false;
    }
    std::vector<std::string> args = argv;
    ChildSetup setup;
    setup.jail = &jail;
    for (auto& arg : args)
        setup.argv.push_back(arg.data());
    setup.argv.push_back(nullptr);
    setup.stdinFd = devNull.get();
    setup.stdoutFd = out.write.get();
    setup.stderrFd = err.write.get();
    setup.reportFd = report.write.get();
    setup.inherited = inherited;
    // Root may create the namespaces directly; anyone else first needs a user namespace of their own, in
    // which QEMU keeps its uid and groups (the kvm group among them) and gains nothing on the host.
    setup.ownUserNamespace = ::geteuid() != 0;
    setup.uidMap = std::to_string(::geteuid()) + " " + std::to_string(::geteuid()) + " 1\n";
    setup.gidMap = std::to_string(::getegid()) + " " + std::to_string(::getegid()) + " 1\n";
    for (const std::string& folder : jail.folders)
        setup.folderTargets.push_back(jail.root + folder);
    for (const std::string& device : jail.devices)
        setup.deviceTargets.push_back(jail.root + device);
    for (const auto& [target, path] : jail.symlinks)
        setup.linkPaths.push_back(jail.root + path);
    setup.procTarget = jail.root + "/proc";
    if (::access("/etc/ld.so.cache", R_OK) == 0)
        setup.loaderCacheTarget = jail.root + "/etc/ld.so.cache";

    unsigned long flags =
        CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_PIDFD | SIGCHLD;
    if (setup.ownUserNamespace)
        flags |= CLONE_NEWUSER;
    int pidfd = -1;
    const long pid = ::syscall(SYS_clone, flags, nullptr, &pidfd, nullptr, 0);
    if (pid == 0)
        runJailedChild(setup);
    if (pid < 0) {
        error = std::string("cannot create QEMU's namespaces: ") + std::strerror(errno);
        return false;
    }
    report.write.reset();
    int failure[2] = {0, 0};
    ssize_t got;
    do {
        got = ::read(report.read.get(), failure, sizeof failure);
    } while (got < 0 && errno == EINTR);
    process.pid = static_cast<pid_t>(pid);
    process.pidfd.reset(pidfd);
    if (got == sizeof failure) {
        error = std::string("could not ") + describe(static_cast<JailStep>(failure[0])) + ": " +
                std::strerror(failure[1]);
        while (::waitpid(process.pid, nullptr, 0) < 0 && errno == EINTR) {
        }
        process.pid = -1;
        process.pidfd.reset();
        return false;
    }
    process.stdoutRead = std::move(out.read);
    process.stderrRead = std::move(err.read);
    return true;
}

} // namespace sandbench
