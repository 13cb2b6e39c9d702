#pragma once

#include "unique_fd.h"

#include <thread>

namespace sandbench {

// Carries the connections a sandbox opens to its egress listener (a socket listening in the sandbox's own
// network namespace, handed to us; under gVisor a Unix socket bound into the sandbox) to the egress proxy
// on the host's loopback, byte for byte, both ways, in a thread of its own. The sandbox gets no route:
// only this one listening socket leads anywhere, and only to the proxy. At most kMostConnections at once
// (more are closed at once), so a program cannot spend Sandbench's descriptors.
class EgressRelay {
public:
    static constexpr int kMostConnections = 64;

    EgressRelay(UniqueFd listener, int proxyPort);
    EgressRelay(const EgressRelay&) = delete;
    EgressRelay& operator=(const EgressRelay&) = delete;
    ~EgressRelay(); // every connection closed

private:
    void relay(std::stop_token stop);

    UniqueFd m_listener;
    int m_proxyPort;
    std::jthread m_thread;
};

} // namespace sandbench
