#include "process_spawn.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>

extern char** environ;

namespace sandbench {

namespace {

struct SpawnSetup {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    SpawnSetup() {
        posix_spawn_file_actions_init(&actions);
        posix_spawnattr_init(&attributes);
    }
    ~SpawnSetup() {
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attributes);
    }
    SpawnSetup(const SpawnSetup&) = delete;
    SpawnSetup& operator=(const SpawnSetup&) = delete;
};

} // namespace

bool spawnWithPipes(const std::vector<std::string>& argv, SpawnStdin stdinKind, SpawnedProcess& process,
                    std::string& error, const std::string& workingFolder, const std::vector<int>& inherited) {
    if (argv.empty() || argv.front().empty() || argv.front().front() != '/') {
        error = "internal error: spawnWithPipes needs an absolute program path";
        return false;
    }
    Pipe out, err;
    if (!makePipe(out) || !makePipe(err)) {
        error = std::string("pipe: ") + std::strerror(errno);
        return false;
    }
    UniqueFd stdinOurs, stdinTheirs;
    if (stdinKind == SpawnStdin::Socket) {
        int pair[2];
        if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
            error = std::string("socketpair: ") + std::strerror(errno);
            return false;
        }
        stdinOurs.reset(pair[0]);
        stdinTheirs.reset(pair[1]);
    }

    std::vector<std::string> args = argv;
    std::vector<char*> pointers;
    for (auto& arg : args)
        pointers.push_back(arg.data());
    pointers.push_back(nullptr);

    SpawnSetup setup;
    if (stdinTheirs.valid())
        posix_spawn_file_actions_adddup2(&setup.actions, stdinTheirs.get(), 0);
    else
        posix_spawn_file_actions_addopen(&setup.actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&setup.actions, out.write.get(), 1);
    posix_spawn_file_actions_adddup2(&setup.actions, err.write.get(), 2);
    for (const int fd : inherited) // dup2 onto itself clears close-on-exec (glibc 2.29 and later)
        posix_spawn_file_actions_adddup2(&setup.actions, fd, fd);
    if (!workingFolder.empty())
        posix_spawn_file_actions_addchdir_np(&setup.actions, workingFolder.c_str());
    posix_spawnattr_setflags(&setup.attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&setup.attributes, 0);
    pid_t pid = -1;
    const int spawnError =
        ::posix_spawn(&pid, pointers[0], &setup.actions, &setup.attributes, pointers.data(), environ);
    if (spawnError != 0) {
        error = "cannot start " + argv.front() + ": " + std::strerror(spawnError);
        return false;
    }
    process.pid = pid;
    process.pidfd.reset(pidfdOpen(pid));
    process.stdinWrite = std::move(stdinOurs);
    process.stdoutRead = std::move(out.read);
    process.stderrRead = std::move(err.read);
    return true;
}

std::string findOnPath(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::string folders = path && *path ? path : "/usr/local/bin:/usr/bin:/bin";
    std::size_t start = 0;
    while (start <= folders.size()) {
        std::size_t end = folders.find(':', start);
        if (end == std::string::npos)
            end = folders.size();
        const std::string folder = folders.substr(start, end - start);
        if (!folder.empty() && folder.front() == '/') {
            const std::string candidate = folder + "/" + name;
            if (::access(candidate.c_str(), X_OK) == 0)
                return candidate;
        }
        start = end + 1;
    }
    return {};
}

bool sendAll(int fd, const std::string& bytes, double timeoutSeconds, std::string& error) {
    std::size_t sent = 0;
    while (sent < bytes.size()) {
        pollfd ready{fd, POLLOUT, 0};
        const int waited = ::poll(&ready, 1, static_cast<int>(timeoutSeconds * 1000));
        if (waited < 0 && errno == EINTR)
            continue;
        if (waited <= 0) {
            error = waited == 0 ? "timed out handing the program over" : std::strerror(errno);
            return false;
        }
        const ssize_t count =
            ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (count < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            error = std::strerror(errno);
            return false;
        }
        sent += static_cast<std::size_t>(count);
    }
    return true;
}

} // namespace sandbench
