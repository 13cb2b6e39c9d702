#pragma once

#include "unique_fd.h"

#include <string>
#include <sys/types.h>
#include <vector>

namespace sandbench {

// A helper program (an engine's CLI, a VMM) started with pipes we own on its standard streams.
struct SpawnedProcess {
    pid_t pid = -1;
    UniqueFd pidfd;
    UniqueFd stdinWrite; // a socket, so writes after the child has gone fail with EPIPE instead of SIGPIPE
    UniqueFd stdoutRead;
    UniqueFd stderrRead;
};

enum class SpawnStdin { DevNull, Socket };

// Starts argv (argv[0] an absolute path) with this process's environment, in its own process group, in
// `workingFolder` when one is given. Returns false with `error` set when it could not start.
// `inherited` descriptors stay open in the child under the same numbers (a VMM's channels).
bool spawnWithPipes(const std::vector<std::string>& argv, SpawnStdin stdinKind, SpawnedProcess& process,
                    std::string& error, const std::string& workingFolder = {},
                    const std::vector<int>& inherited = {});

// The first executable `name` on $PATH, or empty.
std::string findOnPath(const std::string& name);

// Sends all of `bytes`, giving up after `timeoutSeconds` without progress. False with `error` set.
bool sendAll(int fd, const std::string& bytes, double timeoutSeconds, std::string& error);

} // namespace sandbench
