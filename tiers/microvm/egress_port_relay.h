#pragma once

#include "tiers/common/unique_fd.h"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace sandbench {

// The host's end of a microVM's sandbench.egress port: the guest's egress forwarder
// (scripts/guest/egress-forwarder.py) multiplexes the program's connections to 127.0.0.1:3128 over that one
// port, and this relays each to the run's egress proxy on the host's loopback, on a connection of its own,
// in a thread of its own. The guest has no network device; this port leads only to the proxy.
//
// Framing, both ways: a header of kHeaderBytes (u32 connection id, u8 kind, u32 payload length;
// big-endian), then the payload. The guest opens ids; either side closes its direction of one; each side may
// have at most kWindow bytes of data per connection that the other has not credited back. The guest kernel
// is not trusted: every header is checked before its payload is read, no buffer here grows past its window
// or a fixed bound, at most kMostConnections are relayed at once (an OPEN beyond them is answered with a
// CLOSE), and on any breach of the framing the whole channel is dropped with every proxy connection. Nothing
// blocks: the destructor always stops and joins the thread at once.
class EgressPortRelay {
public:
    enum Kind : std::uint8_t {
        Open = 1,   // guest to host, empty: a new connection with a fresh id
        Data = 2,   // 1..kMaxPayload bytes
        Close = 3,  // empty: the sender sends no more on this id
        Credit = 4, // 4 bytes, u32: that many of the peer's data bytes were delivered
    };
    static constexpr std::size_t kHeaderBytes = 9;
    static constexpr std::uint32_t kMaxPayload = 64 * 1024;
    static constexpr std::uint32_t kWindow = 256 * 1024;
    static constexpr std::uint32_t kMostIds = 65536; // ids are below this
    static constexpr int kMostConnections = 64;

    EgressPortRelay(UniqueFd channel, int proxyPort);
    EgressPortRelay(const EgressPortRelay&) = delete;
    EgressPortRelay& operator=(const EgressPortRelay&) = delete;
    ~EgressPortRelay(); // every connection closed

    // Why the channel was dropped (a breach of the framing, in words), or empty.
    std::string problem() const;

    // One frame as the guest or the host sends it.
    static std::string frame(std::uint32_t id, Kind kind, std::string_view payload = {});

private:
    void relay(std::stop_token stop);
    void dropChannel(const std::string& why);

    UniqueFd m_channel;
    int m_proxyPort;
    mutable std::mutex m_mutex;
    std::string m_problem;
    std::jthread m_thread;
};

} // namespace sandbench
