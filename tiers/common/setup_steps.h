#pragma once

#include <cerrno>
#include <cstddef>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sandbench {

// One step of a process's setup, as nsjail's contain.cc orders them: what identifies it in a report, the
// function that does it (0, or the errno of what failed), and what the parent shows when it fails
// ("could not <what>"). A process's steps are one constant table in the order they run.
template <typename Step, typename Context> struct SetupStep {
    Step step;
    int (*run)(Context&);
    const char* what;
};

// Runs the table top to bottom and stops at the first step that fails: its errno, with `failed` set to
// it. 0 when every step succeeded. Nothing else happens in between, so this is as async-signal-safe as
// the steps are.
template <typename Step, typename Context, std::size_t N>
int runSteps(const SetupStep<Step, Context> (&steps)[N], Context& context, Step& failed) {
    for (const SetupStep<Step, Context>& step : steps) {
        if (const int error = step.run(context)) {
            failed = step.step;
            return error;
        }
    }
    return 0;
}

// What the table says `step` does, or nullptr when it is not one of the table's.
template <typename Step, typename Context, std::size_t N>
constexpr const char* whatOf(const SetupStep<Step, Context> (&steps)[N], Step step) {
    for (const SetupStep<Step, Context>& row : steps) {
        if (row.step == step)
            return row.what;
    }
    return nullptr;
}

// A row for a step that needs only the plan, in a table whose context holds it as `plan` (a pointer):
// `{step, onPlan<mountRootTmpfs>, "…"}`.
template <auto Function, typename Context> int onPlan(Context& context) {
    return Function(*context.plan);
}

// A system call's result as a step's: 0, or the errno it failed with.
inline int errorOf(long rc) {
    return rc < 0 ? errno : 0;
}

// Makes `folder` the root of this mount namespace: pivot_root(".", ".") stacks the old root on top of the
// new one, and detaching it leaves only the new view. 0, or the errno.
inline int pivotRootTo(const char* folder) {
    if (::chdir(folder) != 0)
        return errno;
    if (::syscall(SYS_pivot_root, ".", ".") != 0)
        return errno;
    if (::umount2(".", MNT_DETACH) != 0)
        return errno;
    return errorOf(::chdir("/"));
}

// Remounts the root read-only, without set-uid programs or device files. 0, or the errno.
inline int remountRootReadOnly() {
    return errorOf(
        ::mount(nullptr, "/", nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, nullptr));
}

// Writes all of `data` with raw write() calls: 0, or the errno.
inline int writeAll(int fd, const char* data, std::size_t size) {
    while (size > 0) {
        const ssize_t written = ::write(fd, data, size);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        data += written;
        size -= static_cast<std::size_t>(written);
    }
    return 0;
}

} // namespace sandbench
