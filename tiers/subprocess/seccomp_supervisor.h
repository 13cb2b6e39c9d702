#pragma once

#include "tiers/common/unique_fd.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace sandbench {

// Serves the sandbox's seccomp listener: every forbidden call waits here, is recorded by name as
// evidence, and is answered with kSeccompDeniedErrno. Runs on the supervising thread's poll loop.
//
// A program decides how many denials it makes and how varied they are, so the record is bounded: each
// denial costs a hash lookup, the first kNamedCalls distinct calls are kept by name with their counts,
// and the others are only counted (distinct ones up to kTrackedOtherCalls, by hash).
class SeccompSupervisor {
public:
    static constexpr std::size_t kNamedCalls = 16;
    static constexpr std::size_t kTrackedOtherCalls = 1 << 15;

    void adopt(UniqueFd listener) { m_listener = std::move(listener); }
    bool hasListener() const { return m_listener.valid(); }
    // Returns false once the listener is gone (every sandboxed process has exited).
    bool serve(short revents);

    bool hasDenials() const { return !m_named.empty(); }
    // "ptrace ×1, socket(AF_PACKET) ×2", then "… and 19,985 more distinct calls (19,986 denials)" past the
    // named ones ("over 32,768 more" once more distinct calls came than are tracked).
    std::string denialSummary() const;

private:
    struct NamedCall {
        std::string call;
        std::uint64_t count;
    };
    void record(std::string call);

    UniqueFd m_listener;
    // Sized by the kernel's answer once, reused for every notification.
    std::vector<unsigned char> m_request;
    std::vector<unsigned char> m_response;

    std::vector<NamedCall> m_named;                            // in order of first appearance
    std::unordered_map<std::string, std::size_t> m_namedIndex; // call -> its index in m_named
    std::unordered_set<std::size_t> m_otherCalls;              // hashes of distinct calls past the named
    bool m_otherCallsOverflowed = false;                       // a distinct call came once the set was full
    std::uint64_t m_otherDenials = 0;
};

} // namespace sandbench
