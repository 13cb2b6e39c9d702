#pragma once

#include "backends/common/unique_fd.h"

#include <string>
#include <utility>
#include <vector>

namespace sandbench {

// Serves the sandbox's seccomp listener: every forbidden call waits here, is recorded by name as
// evidence, and is answered with kSeccompDeniedErrno. Runs on the supervising thread's poll loop.
class SeccompSupervisor {
public:
    void adopt(UniqueFd listener) { m_listener = std::move(listener); }
    // Returns false once the listener is gone (every sandboxed process has exited).
    bool serve(short revents);

    bool hasDenials() const { return !m_denials.empty(); }
    // "ptrace ×1, socket(AF_PACKET) ×2"
    std::string denialSummary() const;

private:
    UniqueFd m_listener;
    std::vector<std::pair<std::string, int>> m_denials; // in order of first appearance
};

} // namespace sandbench
