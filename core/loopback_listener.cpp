#include "loopback_listener.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdint>
#include <netinet/in.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <system_error>
#include <unistd.h>

namespace sandbench {

namespace {

[[noreturn]] void fail(const char* what, int fd1, int fd2) {
    const int error = errno;
    if (fd1 >= 0)
        ::close(fd1);
    if (fd2 >= 0)
        ::close(fd2);
    throw std::system_error(error, std::generic_category(), std::string("loopback listener: ") + what);
}

} // namespace

LoopbackListener::LoopbackListener() {
    // Close-on-exec throughout: programs started while we listen must not inherit the service's socket.
    m_socket = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (m_socket < 0)
        fail("socket", -1, -1);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    if (::bind(m_socket, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0)
        fail("bind 127.0.0.1", m_socket, -1);
    if (::listen(m_socket, 16) != 0)
        fail("listen", m_socket, -1);
    socklen_t length = sizeof address;
    if (::getsockname(m_socket, reinterpret_cast<sockaddr*>(&address), &length) != 0)
        fail("getsockname", m_socket, -1);
    m_port = ntohs(address.sin_port);
    m_wake = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (m_wake < 0)
        fail("eventfd", m_socket, -1);
    try {
        m_thread = std::jthread([this](std::stop_token stop) { serve(stop); });
    } catch (...) {
        ::close(m_wake);
        ::close(m_socket);
        throw;
    }
}

LoopbackListener::~LoopbackListener() {
    m_thread.request_stop();
    if (m_thread.joinable())
        m_thread.join();
    ::close(m_wake);
    ::close(m_socket);
}

void LoopbackListener::serve(std::stop_token stop) {
    std::stop_callback wake(stop, [this] {
        const std::uint64_t one = 1;
        [[maybe_unused]] auto written = ::write(m_wake, &one, sizeof one);
    });
    while (!stop.stop_requested()) {
        pollfd fds[2] = {{m_socket, POLLIN, 0}, {m_wake, POLLIN, 0}};
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        if (fds[1].revents != 0)
            return;
        // Drain the backlog; the socket is non-blocking, so this ends with EAGAIN.
        while (true) {
            const int connection = ::accept4(m_socket, nullptr, nullptr, SOCK_CLOEXEC);
            if (connection < 0)
                break;
            ::close(connection);
            m_accepted.fetch_add(1);
        }
    }
}

} // namespace sandbench
