#include "sandbox_template.h"

#include "tiers/common/setup_steps.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

// Everything below runs in the zygote's processes, forked from a possibly multithreaded Sandbench: raw
// system calls only.

namespace sandbench {

namespace {

int writeFile(const char* path, const char* data, std::size_t size, mode_t mode) {
    const int fd = ::open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0)
        return errno;
    const int error = writeAll(fd, data, size);
    ::close(fd);
    return error;
}

// Remounting a bind mount inside a user namespace must keep the flags the kernel locked on the original
// (nodev, nosuid, noexec, atime): read them back and only add restrictions.
int bindMount(const BindMount& bind) {
    if (!bind.overlayEmptyLower.empty()) {
        char options[512];
        const int length = __builtin_snprintf(options, sizeof options, "lowerdir=%s:%s", bind.source.c_str(),
                                              bind.overlayEmptyLower.c_str());
        if (length > 0 && static_cast<std::size_t>(length) < sizeof options &&
            ::mount("overlay", bind.target.c_str(), "overlay", MS_RDONLY | MS_NOSUID | MS_NODEV, options) ==
                0)
            return 0;
    }
    if (!bind.directory) {
        const int fd = ::open(bind.target.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0444);
        if (fd < 0)
            return errno;
        ::close(fd);
    }
    if (::mount(bind.source.c_str(), bind.target.c_str(), nullptr, MS_BIND, nullptr) != 0)
        return errno;
    if (!bind.readOnly)
        return 0;
    struct statfs info {};
    if (::statfs(bind.target.c_str(), &info) != 0)
        return errno;
    const unsigned long kept = static_cast<unsigned long>(info.f_flags) &
                               (MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_NOATIME | MS_NODIRATIME | MS_RELATIME);
    return errorOf(::mount(nullptr, bind.target.c_str(), nullptr,
                           MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | kept, nullptr));
}

constexpr unsigned long kProcFlags = MS_NOSUID | MS_NODEV | MS_NOEXEC;

} // namespace

int dropGroups(const ChildPlan& plan) {
    if (!plan.dropSupplementaryGroups)
        return 0; // an unprivileged parent had to deny setgroups; the kernel maps them to nobody
    return errorOf(::syscall(SYS_setgroups, 0, nullptr));
}

int makeMountsPrivate(const ChildPlan&) {
    return errorOf(::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr));
}

int mountRootTmpfs(const ChildPlan& plan) {
    return errorOf(::mount("sandbench", plan.stagingRoot.c_str(), "tmpfs", MS_NOSUID | MS_NODEV,
                           plan.rootTmpfsOptions.c_str()));
}

int buildFilesystemView(const ChildPlan& plan) {
    for (const auto& directory : plan.directories) {
        if (::mkdir(directory.c_str(), 0755) != 0)
            return errno;
    }
    for (const auto& [target, link] : plan.symlinks) {
        if (::symlink(target.c_str(), link.c_str()) != 0)
            return errno;
    }
    for (const auto& bind : plan.binds) {
        if (int error = bindMount(bind))
            return error;
    }
    for (const auto& [path, contents] : plan.files) {
        if (int error = writeFile(path.c_str(), contents.data(), contents.size(), 0444))
            return error;
    }
    return 0;
}

int mountTemplateProc(const ChildPlan& plan) {
    // A plain, fully visible /proc in the template: the kernel lets a user namespace mount a new proc
    // only where one is already fully visible. Each run mounts its own on top, hiding this one.
    return errorOf(::mount("proc", plan.procPath.c_str(), "proc", kProcFlags, nullptr));
}

int tryProcSubsetPid(const ChildPlan& plan, bool& mounts) {
    mounts = ::mount("proc", plan.procPath.c_str(), "proc", kProcFlags, "subset=pid") == 0;
    // Taken down again at once: the template's own /proc must stay fully visible for the runs' mounts.
    return mounts ? errorOf(::umount2(plan.procPath.c_str(), MNT_DETACH)) : 0;
}

int pivotIntoRoot(const ChildPlan& plan) {
    return pivotRootTo(plan.stagingRoot.c_str());
}

int makeRootReadOnly(const ChildPlan&) {
    return remountRootReadOnly();
}

} // namespace sandbench
