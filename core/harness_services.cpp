#include "harness_services.h"

#include "random_token.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <system_error>
#include <unistd.h>

namespace sandbench {

namespace {

[[noreturn]] void fail(const std::string& what) {
    throw std::system_error(errno, std::generic_category(), "harness services: " + what);
}

int boundPort(int fd) {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0)
        fail("getsockname");
    return address.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&address)->sin6_port)
                                         : ntohs(reinterpret_cast<sockaddr_in*>(&address)->sin_port);
}

// Close-on-exec and non-blocking throughout: programs started while we listen must not inherit these.
int loopbackSocket(int family, int type) {
    const int fd = ::socket(family, type | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0)
        return -1;
    int bound;
    if (family == AF_INET6) {
        sockaddr_in6 address{};
        address.sin6_family = AF_INET6;
        address.sin6_addr = in6addr_loopback;
        bound = ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address);
    } else {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        bound = ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address);
    }
    if (bound != 0 || (type == SOCK_STREAM && ::listen(fd, 16) != 0)) {
        ::close(fd);
        return -1;
    }
    return fd;
}

// A listening Unix stream socket; `abstract` puts the name in the abstract namespace (a leading NUL).
int unixListener(const std::string& name, bool abstract) {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0)
        fail("socket(AF_UNIX)");
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const size_t offset = abstract ? 1 : 0;
    if (name.size() + offset >= sizeof address.sun_path) {
        ::close(fd);
        errno = ENAMETOOLONG;
        fail("unix socket name " + name);
    }
    std::memcpy(address.sun_path + offset, name.data(), name.size());
    const auto length =
        static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + offset + name.size() + (abstract ? 0 : 1));
    if (::bind(fd, reinterpret_cast<const sockaddr*>(&address), length) != 0 || ::listen(fd, 16) != 0) {
        const int error = errno;
        ::close(fd);
        errno = error;
        fail("bind unix socket " + name);
    }
    return fd;
}

// Accepts everything waiting and, for the Unix sockets, greets before closing.
void acceptAll(int listener, const char* greeting) {
    while (true) {
        const int connection = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
        if (connection < 0)
            return;
        if (greeting) [[maybe_unused]]
            auto sent = ::send(connection, greeting, std::strlen(greeting), MSG_NOSIGNAL);
        ::close(connection);
    }
}

// The dotted name of a DNS query's first question, or empty when the packet is not a query we can read.
std::string questionName(const unsigned char* packet, size_t length, size_t& end) {
    std::string name;
    size_t at = 12;
    while (at < length) {
        const size_t label = packet[at++];
        if (label == 0) {
            end = at;
            return name.empty() ? "." : name;
        }
        if (label > 63 || at + label > length)
            return {};
        if (!name.empty())
            name += '.';
        name.append(reinterpret_cast<const char*>(packet + at), label);
        at += label;
    }
    return {};
}

} // namespace

HarnessServices::HarnessServices(const std::filesystem::path& folder) {
    try {
        m_tcp6 = loopbackSocket(AF_INET6, SOCK_STREAM); // -1 without IPv6: @SERVICE_PORT6@ is then 0
        if (m_tcp6 >= 0)
            m_tcp6Port = boundPort(m_tcp6);
        m_udp = loopbackSocket(AF_INET, SOCK_DGRAM);
        m_dns = loopbackSocket(AF_INET, SOCK_DGRAM);
        if (m_udp < 0 || m_dns < 0)
            fail("bind udp 127.0.0.1");
        m_udpPort = boundPort(m_udp);
        m_dnsPort = boundPort(m_dns);
        m_unixPath = (folder / "service.sock").string();
        m_unix = unixListener(m_unixPath, false);
        // As reachable as a careless real service: any user may connect.
        ::chmod(m_unixPath.c_str(), 0777);
        m_abstractName = "sandbench-harness-" + randomHexToken(6);
        m_abstract = unixListener(m_abstractName, true);
        m_wake = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        if (m_wake < 0)
            fail("eventfd");
        m_thread = std::jthread([this](std::stop_token stop) { serve(stop); });
    } catch (...) {
        for (const int fd : {m_tcp6, m_udp, m_dns, m_unix, m_abstract, m_wake})
            if (fd >= 0)
                ::close(fd);
        throw;
    }
}

HarnessServices::~HarnessServices() {
    m_thread.request_stop();
    if (m_thread.joinable())
        m_thread.join();
    for (const int fd : {m_tcp6, m_udp, m_dns, m_unix, m_abstract, m_wake})
        if (fd >= 0)
            ::close(fd);
    ::unlink(m_unixPath.c_str());
}

std::vector<std::string> HarnessServices::dnsQueries() const {
    std::lock_guard lock(m_mutex);
    return m_dnsQueries;
}

void HarnessServices::echoUdp() {
    unsigned char buffer[2048];
    while (true) {
        sockaddr_storage peer{};
        socklen_t peerLength = sizeof peer;
        const ssize_t received =
            ::recvfrom(m_udp, buffer, sizeof buffer - 5, 0, reinterpret_cast<sockaddr*>(&peer), &peerLength);
        if (received < 0)
            return;
        std::string reply = "ECHO ";
        reply.append(reinterpret_cast<const char*>(buffer), static_cast<size_t>(received));
        ::sendto(m_udp, reply.data(), reply.size(), 0, reinterpret_cast<const sockaddr*>(&peer), peerLength);
    }
}

// Answers every A/IN question with 127.0.0.1 (RFC 1035 section 4.1), and anything else with an empty
// answer, so an exfiltrating program learns that its query arrived.
void HarnessServices::answerDns() {
    unsigned char packet[512];
    while (true) {
        sockaddr_storage peer{};
        socklen_t peerLength = sizeof peer;
        const ssize_t received =
            ::recvfrom(m_dns, packet, sizeof packet, 0, reinterpret_cast<sockaddr*>(&peer), &peerLength);
        if (received < 0)
            return;
        const auto length = static_cast<size_t>(received);
        size_t questionEnd = 0;
        if (length < 17 || (packet[2] & 0x80) != 0) // too short, or a response
            continue;
        const std::string name = questionName(packet, length, questionEnd);
        if (name.empty() || questionEnd + 4 > length)
            continue;
        {
            std::lock_guard lock(m_mutex);
            if (m_dnsQueries.size() < 1000)
                m_dnsQueries.push_back(name);
        }
        const bool addressQuestion = packet[questionEnd] == 0 && packet[questionEnd + 1] == 1 &&
                                     packet[questionEnd + 2] == 0 && packet[questionEnd + 3] == 1;
        std::string reply(reinterpret_cast<const char*>(packet), questionEnd + 4);
        reply[2] = static_cast<char>(0x84 | (packet[2] & 0x01)); // response, authoritative, RD copied
        reply[3] = 0;
        reply[4] = 0, reply[5] = 1;                                          // one question
        reply[6] = 0, reply[7] = static_cast<char>(addressQuestion ? 1 : 0); // answers
        reply[8] = reply[9] = reply[10] = reply[11] = 0;
        if (addressQuestion) {
            const unsigned char answer[] = {0xC0, 0x0C, 0, 1, 0, 1, 0, 0, 0, 0, 0, 4, 127, 0, 0, 1};
            reply.append(reinterpret_cast<const char*>(answer), sizeof answer);
        }
        ::sendto(m_dns, reply.data(), reply.size(), 0, reinterpret_cast<const sockaddr*>(&peer), peerLength);
    }
}

void HarnessServices::serve(std::stop_token stop) {
    std::stop_callback wake(stop, [this] {
        const std::uint64_t one = 1;
        [[maybe_unused]] auto written = ::write(m_wake, &one, sizeof one);
    });
    while (!stop.stop_requested()) {
        pollfd fds[6] = {{m_wake, POLLIN, 0}, {m_tcp6, POLLIN, 0}, {m_udp, POLLIN, 0},
                         {m_dns, POLLIN, 0},  {m_unix, POLLIN, 0}, {m_abstract, POLLIN, 0}};
        if (::poll(fds, 6, -1) < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        if (fds[0].revents != 0)
            return;
        if (fds[1].revents != 0)
            acceptAll(m_tcp6, nullptr);
        if (fds[2].revents != 0)
            echoUdp();
        if (fds[3].revents != 0)
            answerDns();
        if (fds[4].revents != 0)
            acceptAll(m_unix, "HELLO\n");
        if (fds[5].revents != 0)
            acceptAll(m_abstract, "HELLO\n");
    }
}

} // namespace sandbench
