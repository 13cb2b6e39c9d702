#pragma once

#include "unique_fd.h"

#include <string>
#include <sys/types.h>

namespace sandbench {

// A socket listening on 127.0.0.1:`port` inside the network namespace of host process `pid` (a container's
// process), made by a short-lived thread that joins that namespace, so the listener belongs to it while
// this process stays where it is. The container then needs no forwarder of its own: what connects to the
// port reaches whoever holds the socket. Needs CAP_SYS_ADMIN over the namespace (root, for a rootful
// engine). Invalid with `error` on failure.
UniqueFd listenInNetworkNamespaceOf(pid_t pid, int port, std::string& error);

} // namespace sandbench
