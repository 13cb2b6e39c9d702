#include "input_mounts.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace sandbench {

namespace {

struct TreeReply {
    int fd = -1;
    int error = 0;
};

// open_tree() and mount_setattr(), raw: the helper below may make no other calls.
TreeReply cloneReadOnly(const char* path) {
    TreeReply reply;
    const long tree = ::syscall(SYS_open_tree, AT_FDCWD, path,
                                OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE | AT_SYMLINK_NOFOLLOW);
    if (tree < 0) {
        reply.error = errno;
        return reply;
    }
    mount_attr attributes{};
    attributes.attr_set = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV;
    if (::syscall(SYS_mount_setattr, tree, "", AT_EMPTY_PATH | AT_RECURSIVE, &attributes,
                  sizeof attributes) != 0) {
        reply.error = errno;
        ::close(static_cast<int>(tree));
        return reply;
    }
    reply.fd = static_cast<int>(tree);
    return reply;
}

int writeFile(const char* path, const char* text) {
    const int fd = ::open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    const ssize_t length = static_cast<ssize_t>(std::strlen(text));
    const int error = ::write(fd, text, static_cast<std::size_t>(length)) == length ? 0 : errno;
    ::close(fd);
    return error;
}

// A child that shares our descriptor table (CLONE_FILES) but has a user and mount namespace of its own,
// copied from ours: there it holds CAP_SYS_ADMIN and may clone the mounts it sees. The descriptor it opens
// is ours the moment it exists; the child only says which number it is. Raw system calls only: Sandbench
// may be multithreaded.
TreeReply cloneInHelper(const char* path) {
    char uidMap[32];
    char gidMap[32];
    std::snprintf(uidMap, sizeof uidMap, "0 %u 1", static_cast<unsigned>(::geteuid()));
    std::snprintf(gidMap, sizeof gidMap, "0 %u 1", static_cast<unsigned>(::getegid()));
    int replyPipe[2];
    if (::pipe2(replyPipe, O_CLOEXEC) != 0)
        return {-1, errno};
    const long pid = ::syscall(SYS_clone, CLONE_NEWUSER | CLONE_NEWNS | CLONE_FILES | SIGCHLD, nullptr,
                               nullptr, nullptr, 0);
    if (pid == 0) {
        TreeReply reply;
        // Mapped to our own ids, so the helper reads the host's files as we may.
        reply.error = writeFile("/proc/self/uid_map", uidMap);
        if (reply.error == 0)
            reply.error = writeFile("/proc/self/setgroups", "deny");
        if (reply.error == 0)
            reply.error = writeFile("/proc/self/gid_map", gidMap);
        if (reply.error == 0)
            reply = cloneReadOnly(path);
        [[maybe_unused]] auto written = ::write(replyPipe[1], &reply, sizeof reply);
        ::_exit(0);
    }
    const int cloneError = errno;
    TreeReply reply{-1, pid < 0 ? cloneError : EPROTO};
    if (pid > 0) {
        // The descriptor table is shared: the pipe's write end stays open until the helper has gone, and
        // its 8 bytes wait in the pipe meanwhile.
        while (::waitpid(static_cast<pid_t>(pid), nullptr, 0) < 0 && errno == EINTR) {
        }
        TreeReply received;
        ssize_t count;
        do {
            count = ::read(replyPipe[0], &received, sizeof received);
        } while (count < 0 && errno == EINTR);
        if (count == sizeof received)
            reply = received;
    }
    ::close(replyPipe[1]);
    ::close(replyPipe[0]);
    return reply;
}

} // namespace

UniqueFd detachedReadOnlyTree(const std::string& hostPath, std::string& error) {
    TreeReply reply = cloneReadOnly(hostPath.c_str());
    if (reply.fd < 0 && reply.error == EPERM)
        reply = cloneInHelper(hostPath.c_str());
    if (reply.fd < 0) {
        error = "cannot take a read-only copy of the mount of " + hostPath +
                " to show it at /data: " + std::strerror(reply.error) +
                (reply.error == EINVAL || reply.error == ENOSYS
                     ? " (this kernel cannot clone mounts for a sandbox; Linux 5.12 or later can)"
                     : "");
        return UniqueFd();
    }
    return UniqueFd(reply.fd);
}

} // namespace sandbench
