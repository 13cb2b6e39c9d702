#pragma once

#include <string>
#include <vector>

namespace sandbench {

// The host's own view of which processes belong to a container: every process whose cgroup path
// (/proc/PID/cgroup) names the container's full id, as Docker (/docker/ID, docker-ID.scope) and Podman
// (libpod-ID) place them. Read on the host, not reported from inside, so a program cannot hide from it;
// the engines' own helpers (conmon, shims) live in other cgroups and are not counted.
std::vector<int> processesOfContainer(const std::string& containerId);

// The container id an engine client wrote with --cidfile, or "" when it has not (yet) written a full one.
std::string readContainerId(const std::string& cidFile);

} // namespace sandbench
