#include "egress_relay.h"

#include "stop_wake.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdint>
#include <fcntl.h>
#include <list>
#include <netinet/in.h>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace sandbench {

namespace {

constexpr std::size_t kBufferBytes = 256 * 1024;

// One direction of a connection: what was read from `from` and not yet written to `to`.
struct Direction {
    std::string pending;
    bool ended = false;    // `from` reached end-of-file (or failed)
    bool shutDown = false; // ...and that end-of-file has been passed on
};

struct Connection {
    UniqueFd inside;  // the sandbox's end
    UniqueFd outside; // the proxy's end
    Direction out;    // inside -> outside
    Direction in;     // outside -> inside
    bool failed = false;
    bool insideGone = false; // hung up both ways: nothing more to read from or write to it
    bool outsideGone = false;
    bool done() const { return failed || (out.shutDown && in.shutDown); }
};

UniqueFd connectToProxy(int port) {
    UniqueFd fd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (!fd.valid())
        return fd;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd.get(), reinterpret_cast<sockaddr*>(&address), sizeof address) != 0)
        return UniqueFd();
    ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) | O_NONBLOCK);
    return fd;
}

// Reads what fits, writes what can go; false when the connection has failed.
void pump(int from, int to, Direction& direction, bool readable, bool writable, bool& failed) {
    if (readable && !direction.ended && direction.pending.size() < kBufferBytes) {
        char buffer[65536];
        const ssize_t count =
            ::recv(from, buffer, std::min(sizeof buffer, kBufferBytes - direction.pending.size()), 0);
        if (count > 0)
            direction.pending.append(buffer, static_cast<std::size_t>(count));
        else if (count == 0 || (errno != EAGAIN && errno != EINTR))
            direction.ended = true;
    }
    if (writable && !direction.pending.empty()) {
        const ssize_t count = ::send(to, direction.pending.data(), direction.pending.size(), MSG_NOSIGNAL);
        if (count > 0)
            direction.pending.erase(0, static_cast<std::size_t>(count));
        else if (count < 0 && errno != EAGAIN && errno != EINTR)
            failed = true;
    }
    if (direction.ended && direction.pending.empty() && !direction.shutDown) {
        ::shutdown(to, SHUT_WR);
        direction.shutDown = true;
    }
}

} // namespace

EgressRelay::EgressRelay(UniqueFd listener, int proxyPort)
    : m_listener(std::move(listener))
    , m_proxyPort(proxyPort) {
    ::fcntl(m_listener.get(), F_SETFL, ::fcntl(m_listener.get(), F_GETFL) | O_NONBLOCK);
    m_thread = std::jthread([this](std::stop_token stop) { relay(stop); });
}

// The thread, the last member, goes first: its stop request wakes its poll (StopWake), and it is joined.
EgressRelay::~EgressRelay() = default;

void EgressRelay::relay(std::stop_token stop) {
    const StopWake wake(stop);
    std::list<Connection> connections;
    std::vector<pollfd> polled;
    while (!stop.stop_requested()) {
        polled.clear();
        polled.push_back({wake.fd(), POLLIN, 0});
        polled.push_back({m_listener.get(), POLLIN, 0});
        for (Connection& c : connections) {
            const short insideEvents =
                static_cast<short>((!c.out.ended && c.out.pending.size() < kBufferBytes ? POLLIN : 0) |
                                   (!c.in.pending.empty() ? POLLOUT : 0));
            const short outsideEvents =
                static_cast<short>((!c.in.ended && c.in.pending.size() < kBufferBytes ? POLLIN : 0) |
                                   (!c.out.pending.empty() ? POLLOUT : 0));
            // A side that hung up is not polled again: poll would report its hang-up on every turn.
            polled.push_back({c.insideGone ? -1 : c.inside.get(), insideEvents, 0});
            polled.push_back({c.outsideGone ? -1 : c.outside.get(), outsideEvents, 0});
        }
        if (::poll(polled.data(), polled.size(), -1) < 0 && errno != EINTR)
            return;
        if (polled[0].revents)
            return;
        if (polled[1].revents & POLLIN) {
            UniqueFd accepted(::accept4(m_listener.get(), nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK));
            if (accepted.valid() && connections.size() < static_cast<std::size_t>(kMostConnections)) {
                UniqueFd proxy = connectToProxy(m_proxyPort);
                if (proxy.valid())
                    connections.push_back({std::move(accepted), std::move(proxy), {}, {}, false});
            } // else: closed at once, the program sees a reset connection
        }
        std::size_t index = 2;
        for (Connection& c : connections) {
            if (index + 1 >= polled.size())
                break;
            const pollfd& inside = polled[index++];
            const pollfd& outside = polled[index++];
            const auto readable = [](const pollfd& p) {
                return (p.revents & (POLLIN | POLLHUP | POLLERR)) != 0;
            };
            const auto writable = [](const pollfd& p) { return (p.revents & POLLOUT) != 0; };
            pump(c.inside.get(), c.outside.get(), c.out, readable(inside), writable(outside), c.failed);
            pump(c.outside.get(), c.inside.get(), c.in, readable(outside), writable(inside), c.failed);
            if ((inside.revents | outside.revents) & POLLERR)
                c.failed = true;
            // A side that hung up once its data was read: what goes to it is moot, what came from it is
            // still passed on.
            if ((inside.revents & POLLHUP) && c.out.ended) {
                c.insideGone = true;
                c.in.pending.clear();
                c.in.ended = c.in.shutDown = true;
            }
            if ((outside.revents & POLLHUP) && c.in.ended) {
                c.outsideGone = true;
                c.out.pending.clear();
                c.out.ended = c.out.shutDown = true;
            }
        }
        connections.remove_if([](const Connection& c) { return c.done(); });
    }
}

} // namespace sandbench
