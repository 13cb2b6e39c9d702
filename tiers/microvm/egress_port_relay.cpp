#include "egress_port_relay.h"

#include "tiers/common/stop_wake.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace sandbench {

namespace {

using Relay = EgressPortRelay;

// Frames queued for the guest beyond which neither the port nor a proxy connection is read: whatever one
// read adds (CLOSE answers, one DATA frame) is then still bounded.
constexpr std::size_t kOutHighWater = 1 << 20;
constexpr std::size_t kReadBytes = 64 * 1024;

std::uint32_t readU32(const char* bytes) {
    std::uint32_t value;
    std::memcpy(&value, bytes, sizeof value);
    return ntohl(value);
}

void appendU32(std::string& out, std::uint32_t value) {
    value = htonl(value);
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

// One connection of the guest, relayed to the proxy.
struct Connection {
    UniqueFd proxy;
    bool connecting = true;
    bool proxyGone = false;  // failed: what the guest sends is dropped (and credited)
    bool proxyEnded = false; // the proxy's side ended (end-of-file or failure)...
    bool closeSent = false;  // ...and our CLOSE is queued
    bool guestClosed = false;
    bool proxyShut = false;                       // the guest's end-of-file passed on to the proxy
    std::string toProxy;                          // the guest's data not yet written: at most kWindow
    std::uint32_t guestAllowance = 0;             // bytes the guest may still send: granted, not yet received
    std::uint32_t hostAllowance = Relay::kWindow; // bytes we may still send the guest
    std::uint32_t owed = 0;                       // delivered (or dropped) guest bytes not yet credited
    // Both sides closed, and the guest's last bytes are with the proxy (or it is gone).
    bool done() const { return closeSent && guestClosed && (toProxy.empty() || proxyGone); }
};

// A connection to the proxy, under way. Its window is granted once poll finds it connected, a turn later at
// the earliest, even when loopback connects at once: data that comes before the grant is a breach.
UniqueFd startConnecting(int port) {
    UniqueFd fd(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
    if (!fd.valid())
        return fd;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd.get(), reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 ||
        errno == EINPROGRESS)
        return fd;
    return UniqueFd();
}

// The state of one channel, driven by the relay's thread.
class Channel {
public:
    explicit Channel(int proxyPort)
        : m_proxyPort(proxyPort) {}

    // Parses and acts on every whole frame received; false with `problem` on a breach of the framing.
    bool takeFrames(std::string& problem) {
        std::size_t at = 0;
        while (m_in.size() - at >= Relay::kHeaderBytes) {
            const char* header = m_in.data() + at;
            const std::uint32_t id = readU32(header);
            const auto kind = static_cast<std::uint8_t>(header[4]);
            const std::uint32_t length = readU32(header + 5);
            // The header is checked before its payload is awaited: no length makes us wait for, or keep,
            // more than one bounded frame.
            if (!headerValid(id, kind, length, problem))
                return false;
            if (m_in.size() - at < Relay::kHeaderBytes + length)
                break;
            const std::string_view payload(header + Relay::kHeaderBytes, length);
            at += Relay::kHeaderBytes + length;
            if (!take(id, static_cast<Relay::Kind>(kind), payload, problem))
                return false;
        }
        m_in.erase(0, at);
        return true;
    }

    std::string& in() { return m_in; }
    std::string& out() { return m_out; }
    std::map<std::uint32_t, Connection>& connections() { return m_connections; }

    // After reads and writes: credits owed, CLOSEs due, proxy end-of-files passed on, finished ones gone.
    void settle() {
        for (auto it = m_connections.begin(); it != m_connections.end();) {
            auto& [id, c] = *it;
            if (c.owed > 0) {
                std::string credit;
                appendU32(credit, c.owed);
                m_out += Relay::frame(id, Relay::Credit, credit);
                c.guestAllowance += c.owed;
                c.owed = 0;
            }
            if (c.proxyEnded && !c.closeSent) {
                m_out += Relay::frame(id, Relay::Close);
                c.closeSent = true;
            }
            if (c.guestClosed && c.toProxy.empty() && !c.proxyShut && !c.connecting) {
                if (!c.proxyGone)
                    ::shutdown(c.proxy.get(), SHUT_WR);
                c.proxyShut = true;
            }
            it = c.done() ? m_connections.erase(it) : std::next(it);
        }
    }

    // A connection to the proxy finished connecting (or failed to).
    void connected(std::uint32_t id, Connection& c) {
        c.connecting = false;
        int error = 0;
        socklen_t size = sizeof error;
        if (::getsockopt(c.proxy.get(), SOL_SOCKET, SO_ERROR, &error, &size) != 0 || error != 0) {
            fail(c);
            return;
        }
        grant(id, c);
    }

    static void fail(Connection& c) {
        c.connecting = false;
        c.proxyGone = c.proxyEnded = true;
        c.owed += static_cast<std::uint32_t>(c.toProxy.size());
        c.toProxy.clear();
    }

private:
    // False with `problem` for a header no frame may have.
    static bool headerValid(std::uint32_t id, std::uint8_t kind, std::uint32_t length, std::string& problem) {
        if (id >= Relay::kMostIds)
            problem = "connection id " + std::to_string(id) + " is out of range";
        else if (kind < Relay::Open || kind > Relay::Credit)
            problem = "a frame of unknown kind " + std::to_string(kind);
        else if (kind == Relay::Data && (length == 0 || length > Relay::kMaxPayload))
            problem = "a data frame of " + std::to_string(length) + " bytes (1 to " +
                      std::to_string(Relay::kMaxPayload) + " allowed)";
        else if (kind == Relay::Credit && length != 4)
            problem = "a credit frame of " + std::to_string(length) + " bytes (4 expected)";
        else if ((kind == Relay::Open || kind == Relay::Close) && length != 0)
            problem = "an open or close frame with a payload of " + std::to_string(length) + " bytes";
        return problem.empty();
    }

    void grant(std::uint32_t id, Connection& c) {
        std::string credit;
        appendU32(credit, Relay::kWindow);
        m_out += Relay::frame(id, Relay::Credit, credit);
        c.guestAllowance = Relay::kWindow;
    }

    bool take(std::uint32_t id, Relay::Kind kind, std::string_view payload, std::string& problem) {
        const auto found = m_connections.find(id);
        if (kind == Relay::Open) {
            if (found != m_connections.end()) {
                problem = "connection " + std::to_string(id) + " opened while still open";
                return false;
            }
            if (m_connections.size() >= static_cast<std::size_t>(Relay::kMostConnections)) {
                m_out += Relay::frame(id, Relay::Close); // refused; its CLOSE then finds no connection
                return true;
            }
            Connection& c = m_connections[id];
            c.proxy = startConnecting(m_proxyPort);
            if (!c.proxy.valid())
                fail(c);
            return true;
        }
        if (found == m_connections.end()) {
            if (kind == Relay::Close)
                return true; // the guest's end of a connection we refused
            problem = (kind == Relay::Data ? "data" : "a credit") + std::string(" for connection ") +
                      std::to_string(id) + ", which is not open";
            return false;
        }
        Connection& c = found->second;
        switch (kind) {
        case Relay::Data:
            if (c.guestClosed) {
                problem = "data for connection " + std::to_string(id) + " after its close";
                return false;
            }
            if (payload.size() > c.guestAllowance) {
                problem = "more data for connection " + std::to_string(id) + " than its window allows";
                return false;
            }
            c.guestAllowance -= static_cast<std::uint32_t>(payload.size());
            if (c.proxyGone)
                c.owed += static_cast<std::uint32_t>(payload.size());
            else
                c.toProxy.append(payload);
            return true;
        case Relay::Close:
            if (c.guestClosed) {
                problem = "connection " + std::to_string(id) + " closed twice";
                return false;
            }
            c.guestClosed = true;
            return true;
        case Relay::Credit: {
            const std::uint32_t credit = readU32(payload.data());
            if (credit > Relay::kWindow - c.hostAllowance) {
                problem = "a credit of " + std::to_string(credit) + " bytes for connection " +
                          std::to_string(id) + ", more than it was sent";
                return false;
            }
            c.hostAllowance += credit;
            return true;
        }
        case Relay::Open:
            break;
        }
        return true;
    }

    int m_proxyPort;
    std::string m_in;  // received, not yet a whole frame: less than one frame plus one read
    std::string m_out; // frames for the guest
    std::map<std::uint32_t, Connection> m_connections;
};

} // namespace

std::string EgressPortRelay::frame(std::uint32_t id, Kind kind, std::string_view payload) {
    std::string bytes;
    bytes.reserve(kHeaderBytes + payload.size());
    appendU32(bytes, id);
    bytes.push_back(static_cast<char>(kind));
    appendU32(bytes, static_cast<std::uint32_t>(payload.size()));
    bytes.append(payload);
    return bytes;
}

EgressPortRelay::EgressPortRelay(UniqueFd channel, int proxyPort)
    : m_channel(std::move(channel))
    , m_proxyPort(proxyPort) {
    ::fcntl(m_channel.get(), F_SETFL, ::fcntl(m_channel.get(), F_GETFL) | O_NONBLOCK);
    m_thread = std::jthread([this](std::stop_token stop) { relay(stop); });
}

// The thread, the last member, goes first: its stop request wakes its poll (StopWake), and it is joined.
EgressPortRelay::~EgressPortRelay() = default;

std::string EgressPortRelay::problem() const {
    std::lock_guard lock(m_mutex);
    return m_problem;
}

void EgressPortRelay::dropChannel(const std::string& why) {
    ::shutdown(m_channel.get(), SHUT_RDWR);
    std::lock_guard lock(m_mutex);
    m_problem = why;
}

void EgressPortRelay::relay(std::stop_token stop) {
    const StopWake wake(stop);
    Channel channel(m_proxyPort);
    auto& connections = channel.connections();
    std::vector<pollfd> polled;
    std::vector<std::uint32_t> ids;
    char buffer[kReadBytes];
    while (!stop.stop_requested()) {
        std::string& out = channel.out();
        const bool roomOut = out.size() < kOutHighWater;
        polled.clear();
        ids.clear();
        polled.push_back({wake.fd(), POLLIN, 0});
        polled.push_back(
            {m_channel.get(), static_cast<short>((roomOut ? POLLIN : 0) | (out.empty() ? 0 : POLLOUT)), 0});
        for (auto& [id, c] : connections) {
            short events = 0;
            if (c.connecting)
                events = POLLOUT;
            else if (!c.proxyGone) {
                if (!c.proxyEnded && c.hostAllowance > 0 && roomOut)
                    events |= POLLIN;
                if (!c.toProxy.empty())
                    events |= POLLOUT;
            }
            polled.push_back({events ? c.proxy.get() : -1, events, 0});
            ids.push_back(id);
        }
        if (::poll(polled.data(), polled.size(), -1) < 0 && errno != EINTR)
            return;
        if (polled[0].revents)
            return;

        // The guest's frames first: the connections they open are polled from the next turn.
        const short port = polled[1].revents;
        if (port & POLLOUT) {
            const ssize_t sent = ::send(m_channel.get(), out.data(), out.size(), MSG_NOSIGNAL);
            if (sent > 0)
                out.erase(0, static_cast<std::size_t>(sent));
            else if (sent < 0 && errno != EAGAIN && errno != EINTR)
                return dropChannel({}); // QEMU is gone
        }
        for (std::size_t i = 0; i < ids.size(); ++i) {
            const auto found = connections.find(ids[i]);
            if (found == connections.end())
                continue;
            Connection& c = found->second;
            const short revents = polled[i + 2].revents;
            if (!revents)
                continue;
            if (c.connecting) {
                channel.connected(ids[i], c);
                continue;
            }
            if ((revents & POLLOUT) && !c.toProxy.empty()) {
                const ssize_t sent = ::send(c.proxy.get(), c.toProxy.data(), c.toProxy.size(), MSG_NOSIGNAL);
                if (sent > 0) {
                    c.toProxy.erase(0, static_cast<std::size_t>(sent));
                    c.owed += static_cast<std::uint32_t>(sent);
                } else if (sent < 0 && errno != EAGAIN && errno != EINTR) {
                    Channel::fail(c);
                    continue;
                }
            }
            if ((revents & (POLLIN | POLLHUP | POLLERR)) && !c.proxyEnded && c.hostAllowance > 0) {
                const ssize_t count =
                    ::recv(c.proxy.get(), buffer, std::min<std::size_t>(c.hostAllowance, kMaxPayload), 0);
                if (count > 0) {
                    c.hostAllowance -= static_cast<std::uint32_t>(count);
                    out += frame(ids[i], Data, std::string_view(buffer, static_cast<std::size_t>(count)));
                } else if (count == 0) {
                    c.proxyEnded = true;
                } else if (errno != EAGAIN && errno != EINTR) {
                    Channel::fail(c);
                }
            } else if ((revents & POLLERR) && !c.proxyGone) {
                Channel::fail(c);
            }
        }
        if (port & (POLLIN | POLLHUP | POLLERR)) {
            if (roomOut) {
                const ssize_t count = ::recv(m_channel.get(), buffer, sizeof buffer, 0);
                if (count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR))
                    return dropChannel({}); // the guest or QEMU ended the channel
                if (count > 0) {
                    channel.in().append(buffer, static_cast<std::size_t>(count));
                    std::string problem;
                    if (!channel.takeFrames(problem))
                        return dropChannel("the guest broke the egress channel's framing: " + problem);
                }
            } else if (port & (POLLHUP | POLLERR)) {
                return dropChannel({});
            }
        }
        channel.settle();
    }
}

} // namespace sandbench
